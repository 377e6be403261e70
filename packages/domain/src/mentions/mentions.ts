/** At most this many users are taken from one text: a hostile comment cannot fan out without bound. */
export const MENTION_LIMIT = 50;

const USERNAME_MAX = 255;

/** The people a text mentions: every `@username` outside code, and those it opens with (directly addressed). */
export interface Mentions {
  /** Lower-cased usernames in order of first mention, at most MENTION_LIMIT. */
  usernames: string[];
  /** The usernames the text starts with (`@bob @carol can you…`): GitLab's "directly addressed". */
  directlyAddressed: string[];
}

const isUsernameChar = (c: string) => /[A-Za-z0-9_.-]/.test(c);
const isUsernameStart = (c: string) => /[A-Za-z0-9_]/.test(c);

/** Stands in for code: not a username character, and not blank, so text after code is not "leading". */
const CODE = '\u0001';

/** The text with fenced code blocks and inline code spans replaced by CODE, so mentions inside code do not count. */
function proseOnly(text: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const trimmed = line.trimStart();
    const marker = trimmed.startsWith('```') ? '```' : trimmed.startsWith('~~~') ? '~~~' : null;
    if (fence) {
      if (marker === fence) fence = null;
      out.push(CODE);
    } else if (marker) {
      fence = marker;
      out.push(CODE);
    } else {
      out.push(line.replace(/`[^`\n]*`/g, () => CODE));
    }
  }
  return out.join('\n');
}

/**
 * `@username` mentions as GitLab reads them: preceded by the start or a character that cannot be in
 * an email address's local part, the name's trailing `.` or `-` left out (`@bob.` ends a sentence),
 * code ignored, case-insensitive, each once. Linear in the text's length.
 */
export function extractMentions(text: string): Mentions {
  const prose = proseOnly(text);
  const usernames: string[] = [];
  const directlyAddressed: string[] = [];
  let leading = true;
  for (let i = 0; i < prose.length && usernames.length < MENTION_LIMIT; i++) {
    const c = prose[i] as string;
    if (c !== '@') {
      if (!/\s/.test(c)) leading = false;
      continue;
    }
    const before = i > 0 ? (prose[i - 1] as string) : ' ';
    const start = i + 1;
    if (isUsernameChar(before) || before === '@' || !isUsernameStart(prose[start] ?? '')) {
      leading = false;
      continue;
    }
    let end = start;
    while (end < prose.length && end - start < USERNAME_MAX && isUsernameChar(prose[end] as string)) end++;
    let nameEnd = end;
    while (nameEnd > start && /[.-]/.test(prose[nameEnd - 1] as string)) nameEnd--;
    const name = prose.slice(start, nameEnd).toLowerCase();
    if (!usernames.includes(name)) {
      usernames.push(name);
      if (leading) directlyAddressed.push(name);
    }
    i = end - 1;
  }
  return { usernames, directlyAddressed };
}
