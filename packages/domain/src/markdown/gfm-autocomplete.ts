import { formatReference } from '../references/references';

/**
 * GitLab's Markdown autocomplete (IE §5, §9): a trigger character typed at a word start opens
 * suggestions for what follows it, up to the caret. Pure: finding the trigger and the query at the
 * caret, and the text to insert for a chosen suggestion.
 */

/** The trigger characters and what each suggests. */
export const GFM_TRIGGERS = {
  '@': 'members',
  '#': 'issues',
  '!': 'merge_requests',
  '&': 'epics',
  '~': 'labels',
  '%': 'milestones',
  ':': 'emojis',
} as const;

export type GfmTrigger = keyof typeof GFM_TRIGGERS;
export type GfmSource = (typeof GFM_TRIGGERS)[GfmTrigger];

/** IE §9: at most 5 suggestions, a query of at most 20 characters, shown after 300 ms at most. */
export const GFM_AUTOCOMPLETE_LIMIT = 5;
export const GFM_QUERY_MAX_LENGTH = 20;
export const GFM_DISPLAY_TIMEOUT_MS = 300;

export interface GfmQuery {
  trigger: GfmTrigger;
  source: GfmSource;
  /** What was typed after the trigger (without an opening quote). */
  query: string;
  /** Where the trigger character is: the replacement starts here and ends at the caret. */
  start: number;
}

const isTrigger = (c: string): c is GfmTrigger => Object.hasOwn(GFM_TRIGGERS, c);
/** A trigger counts at the start of the text, after white space or an opening bracket. */
const OPENERS = new Set(['(', '[', '{', '"', "'"]);
const QUOTABLE = new Set<GfmTrigger>(['~', '%']);

/** The trigger at `i` starts a query: it opens the text or follows white space or an opening bracket. */
const startsWord = (text: string, i: number) =>
  i === 0 || /\s/.test(text[i - 1] as string) || OPENERS.has(text[i - 1] as string);

function queryAt(text: string, i: number, caret: number, quoted: boolean): GfmQuery | null {
  const trigger = text[i] as GfmTrigger;
  const query = text.slice(i + (quoted ? 2 : 1), caret);
  if (query.length > GFM_QUERY_MAX_LENGTH) return null;
  if (trigger === ':' && !/^[\w+-]+$/.test(query)) return null; // emoji need a first letter: `:)` stays text
  return { trigger, source: GFM_TRIGGERS[trigger], query, start: i };
}

/**
 * The autocomplete query at the caret, or null. Scans back at most 22 characters (trigger, an
 * opening quote, 20 query characters), so it is constant work on any text. White space ends a
 * query, except inside the quote a label or milestone title may open (`~"two wo`).
 */
export function findGfmQuery(text: string, caret: number): GfmQuery | null {
  if (caret < 1 || caret > text.length) return null;
  const floor = Math.max(0, caret - GFM_QUERY_MAX_LENGTH - 2);
  let quote = caret - 1;
  while (quote >= floor && text[quote] !== '"') quote--;
  if (quote - 1 >= floor && QUOTABLE.has(text[quote - 1] as GfmTrigger) && startsWord(text, quote - 1)) {
    return queryAt(text, quote - 1, caret, true);
  }
  for (let i = caret - 1; i >= floor; i--) {
    const c = text[i] as string;
    if (/\s/.test(c)) return null;
    if (isTrigger(c) && startsWord(text, i)) return queryAt(text, i, caret, false);
  }
  return null;
}

/** A chosen suggestion: what it refers to. */
export type GfmChoice =
  | { source: 'members'; username: string }
  | { source: 'issues' | 'merge_requests' | 'epics'; reference: string }
  | { source: 'labels' | 'milestones'; title: string }
  | { source: 'emojis'; name: string };

/** The GFM text a choice inserts: `@user`, `#12`, `!3`, `&5`, `~bug` / `~"two words"`, `%"v1.0"`, `:smile:`. */
export function gfmReferenceText(choice: GfmChoice): string {
  switch (choice.source) {
    case 'members':
      return `@${choice.username}`;
    case 'issues':
    case 'merge_requests':
    case 'epics':
      return choice.reference;
    case 'labels':
      return formatReference({ kind: 'label', title: choice.title });
    case 'milestones':
      return formatReference({ kind: 'milestone', title: choice.title });
    case 'emojis':
      return `:${choice.name}:`;
  }
}

/** Replaces the query (trigger to caret) with the choice and a space; the caret goes after the space. */
export function applyGfmChoice(
  text: string,
  caret: number,
  query: Pick<GfmQuery, 'start'>,
  choice: GfmChoice,
): { text: string; caret: number } {
  const inserted = `${gfmReferenceText(choice)} `;
  const rest = text.slice(caret);
  const after = rest.startsWith(' ') ? rest.slice(1) : rest;
  return { text: text.slice(0, query.start) + inserted + after, caret: query.start + inserted.length };
}
