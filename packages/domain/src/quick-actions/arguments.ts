import { addDays, addMonths, MONTH_SHORT_NAMES } from '../dates/calendar-days';
import { isValidIsoDate } from '../dates/iso-date';
import { isInt4Id } from '../ids/int4';
import { type HealthStatus, isHealthStatus } from '../issuables/health-status';
import { parseIid, parseReference } from '../references/references';
import { parseDuration } from '../time-tracking/duration';

/**
 * Argument parsing for quick actions: references (`@user`, `~label`, `~"label with spaces"`,
 * `~scope::value`, `%milestone`, `%"milestone"`, `*iteration:"title"`, `&epic`, `#iid`), dates and
 * durations. Pure and linear: one pass over at most MAX_QUICK_ACTION_ARGS characters.
 */

/** Arguments are at most this long (longer command lines are never commands). */
const MAX_ARGS = 1_000;
/** At most this many references in one command. */
export const MAX_QUICK_ACTION_REFERENCES = 20;
const MAX_TITLE = 255;

/**
 * Splits arguments on whitespace and commas, keeping a double-quoted part (with `\"` escapes) inside
 * its token: `~"in progress" ~bug` → ['~"in progress"', '~bug'].
 */
export function splitQuickActionArgs(args: string): string[] {
  const text = args.slice(0, MAX_ARGS);
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) {
        current += text[i + 1];
        i += 1;
      } else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') {
      quoted = true;
      current += ch;
    } else if (ch === ' ' || ch === '\t' || ch === ',') {
      if (current) tokens.push(current);
      current = '';
    } else current += ch;
  }
  if (current) tokens.push(current);
  return tokens;
}

/**
 * The inside of `"…"` with its `\x` escapes undone, as `formatReference` writes it; null when the
 * quote is unterminated or text follows it. The closing quote is found by reading the escapes, so
 * `"a\\"` (a title ending in a backslash) closes and `"a\"` does not.
 */
function unescapeQuoted(raw: string): string | null {
  let inside = '';
  for (let i = 1; i < raw.length; i += 1) {
    const ch = raw[i] as string;
    if (ch === '"') return i === raw.length - 1 ? inside : null;
    if (ch === '\\' && i + 1 < raw.length) {
      i += 1;
      inside += raw[i];
    } else inside += ch;
  }
  return null;
}

/** `"a \"b\""` → `a "b"`; a bare word as is; null for an unterminated quote or an empty title. */
function unquoteTitle(raw: string): string | null {
  let title: string | null = raw;
  if (raw.startsWith('"')) title = unescapeQuoted(raw);
  else if (raw.includes('"')) return null;
  title = title?.trim() ?? null;
  return title && title.length <= MAX_TITLE ? title : null;
}

function unique(values: string[]): string[] {
  return [...new Set(values)].slice(0, MAX_QUICK_ACTION_REFERENCES);
}

/** Label titles: `~bug ~"in progress" ~scope::value` and bare words (`bug`), as GitLab's find_labels. */
export function parseLabelArgs(args: string): string[] {
  const titles: string[] = [];
  for (const token of splitQuickActionArgs(args)) {
    const title = unquoteTitle(token.startsWith('~') ? token.slice(1) : token);
    if (title) titles.push(title);
  }
  return unique(titles);
}

const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/;

/** Usernames: `@alice @bob`, bare `alice`, and `me` (the actor: returned as `me`). */
export function parseUserArgs(args: string): string[] {
  const names: string[] = [];
  for (const token of splitQuickActionArgs(args)) {
    const name = token.startsWith('@') ? token.slice(1) : token;
    if (USERNAME.test(name)) names.push(name);
  }
  return unique(names);
}

/** A milestone title: `%v1`, `%"Release 1"` or the bare title; null when none. */
export function parseMilestoneArg(args: string): string | null {
  const text = args.trim();
  if (!text) return null;
  if (text.startsWith('%')) return unquoteTitle(text.slice(1));
  return text.length <= MAX_TITLE ? text : null;
}

/** A cadence named by id or title (`cadence:12`, `cadence:"Sprints"`). */
export type CadenceArg = { id: number } | { title: string };

export type IterationArg =
  | { id: number }
  | { title: string }
  /** `--current` / `--next` of a cadence (the only cadence of the groups when `cadence` is null). */
  | { period: 'current' | 'next'; cadence: CadenceArg | null };

const ITERATION_PREFIX = '*iteration:';
const CADENCE_PREFIX = 'cadence:';

/** After `prefix` (any case): an id (`12`) or a title (`"Sprints"`, `Sprints`); null otherwise. */
function idOrTitleAfter(prefix: string, text: string): CadenceArg | null {
  if (!text.toLowerCase().startsWith(prefix)) return null;
  const rest = text.slice(prefix.length);
  if (/^\d{1,10}$/.test(rest)) {
    const id = Number(rest);
    return isInt4Id(id) ? { id } : null;
  }
  const title = unquoteTitle(rest);
  return title ? { title } : null;
}

/** `[cadence:…] --current` or `[cadence:…] --next` (GitLab's form); null otherwise. */
function parsePeriodArg(text: string): IterationArg | null {
  const lower = text.toLowerCase();
  const flag = lower.endsWith('--current') ? '--current' : lower.endsWith('--next') ? '--next' : null;
  if (!flag) return null;
  const before = text.slice(0, text.length - flag.length).trim();
  const period = flag === '--current' ? 'current' : 'next';
  if (before === '') return { period, cadence: null };
  const cadence = idOrTitleAfter(CADENCE_PREFIX, before);
  return cadence ? { period, cadence } : null;
}

/**
 * `*iteration:"Sprint 3"`, `*iteration:42` (an id), `*iteration:Sprint3`, or `--current` / `--next`
 * optionally after `cadence:"Title"` or `cadence:12`; null otherwise.
 */
export function parseIterationArg(args: string): IterationArg | null {
  const text = args.trim();
  const period = parsePeriodArg(text);
  if (period) return period;
  return idOrTitleAfter(ITERATION_PREFIX, text);
}

export interface EpicArg {
  /** The group's full path; null for the issue's own group. */
  path: string | null;
  iid: number;
}

const EPIC_URL_PATH = /^\/groups\/(.+)\/-\/epics\/(\d{1,10})\/?$/;

/** `&12`, `group/sub&12` or an epic URL (`https://host/groups/group/-/epics/12`); null otherwise. */
export function parseEpicArg(args: string): EpicArg | null {
  const text = args.trim();
  if (/^https?:\/\//i.test(text)) {
    let path: string;
    try {
      path = new URL(text).pathname;
    } catch {
      return null;
    }
    const match = EPIC_URL_PATH.exec(path);
    const iid = match ? parseIid(match[2] as string) : null;
    return match && iid !== null ? { path: match[1] as string, iid } : null;
  }
  const ref = parseReference(text);
  return ref?.kind === 'epic' ? { path: ref.path, iid: ref.iid } : null;
}

/** Issue reference tokens (`#12 group/project#3 https://…/-/issues/4`), de-duplicated, at most 20. */
export function parseIssueRefArgs(args: string): string[] {
  return unique(splitQuickActionArgs(args));
}

/** A weight: a whole number 0 … 1,000,000; null otherwise. */
export function parseWeightArg(args: string): number | null {
  const text = args.trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  const weight = Number(text);
  return weight <= 1_000_000 ? weight : null;
}

/** `on_track`, `needs_attention` or `at_risk` (any case); null otherwise. */
export function parseHealthStatusArg(args: string): HealthStatus | null {
  const text = args.trim().toLowerCase();
  return isHealthStatus(text) ? text : null;
}

const MONTHS = /* @__PURE__ */ MONTH_SHORT_NAMES.map((m) => m.toLowerCase());

const LONG_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 1 … 12 for `dec`, `Dec.`, `December`; null otherwise. */
function monthNumber(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, '');
  const index = MONTHS.indexOf(w) === -1 ? LONG_MONTHS.indexOf(w) : MONTHS.indexOf(w);
  return index === -1 ? null : index + 1;
}

function isoOf(year: number, month: number, day: number): string | null {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isValidIsoDate(iso) ? iso : null;
}

function dayOf(word: string): number | null {
  const match = /^(\d{1,2})(?:st|nd|rd|th)?$/i.exec(word);
  return match ? Number(match[1]) : null;
}

const RELATIVE_UNITS: Record<string, (date: string, n: number) => string> = {
  day: (d, n) => addDays(d, n),
  week: (d, n) => addDays(d, 7 * n),
  month: (d, n) => addMonths(d, n),
  year: (d, n) => addMonths(d, 12 * n),
};

/**
 * A due date as people type it, relative to `today` (`YYYY-MM-DD`): `2026-12-01`, `today`,
 * `tomorrow`, `yesterday`, `in 2 days` / `3 weeks` / `in 1 month`, `December 1, 2026`, `Dec 1st`,
 * `1 December 2026` (no year: this year). Null when none of these.
 */
export function parseDateArg(args: string, today: string): string | null {
  const text = args.trim().toLowerCase();
  if (text.length > 40) return null;
  if (isValidIsoDate(text)) return text;
  if (text === 'today') return today;
  if (text === 'tomorrow') return addDays(today, 1);
  if (text === 'yesterday') return addDays(today, -1);
  const words = text.replace(/,/g, ' ').split(' ').filter(Boolean);
  const relative = words[0] === 'in' ? words.slice(1) : words;
  if (relative.length === 2 && /^\d{1,3}$/.test(relative[0] as string)) {
    const unit = RELATIVE_UNITS[(relative[1] as string).replace(/s$/, '')];
    if (unit) return unit(today, Number(relative[0]));
  }
  const year = Number(today.slice(0, 4));
  const [a, b, c] = words;
  if (words.length < 2 || words.length > 3 || !a || !b) return null;
  const explicitYear = c === undefined ? year : /^\d{4}$/.test(c) ? Number(c) : null;
  if (explicitYear === null) return null;
  const monthFirst = monthNumber(a);
  if (monthFirst !== null) {
    const day = dayOf(b);
    return day === null ? null : isoOf(explicitYear, monthFirst, day);
  }
  const monthSecond = monthNumber(b);
  const day = dayOf(a);
  return monthSecond === null || day === null ? null : isoOf(explicitYear, monthSecond, day);
}

/** `Dec 1, 2026`: GitLab's medium date in quick action messages. */
export function formatQuickActionDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTH_SHORT_NAMES[m - 1]} ${d}, ${y}`;
}

/** `/estimate`: a duration, or `0` (removes the estimate); null when invalid or negative. */
export function parseEstimateArg(args: string): number | null {
  const text = args.trim();
  if (text === '0') return 0;
  const seconds = parseDuration(text);
  return seconds !== null && seconds > 0 ? seconds : null;
}

export interface SpendArg {
  seconds: number;
  /** The day the time was spent (`YYYY-MM-DD`), when given; never after `today`. */
  date: string | null;
}

/** `/spend 1h 30m`, `/spend -30m`, `/spend 2h 2026-11-20`: the duration and an optional past date. */
export function parseSpendArg(args: string, today: string): SpendArg | null {
  const tokens = args.trim().split(' ').filter(Boolean);
  const last = tokens[tokens.length - 1];
  let date: string | null = null;
  if (last && isValidIsoDate(last)) {
    if (last > today) return null;
    date = last;
    tokens.pop();
  }
  const seconds = parseDuration(tokens.join(' '));
  return seconds === null ? null : { seconds, date };
}

const EMOJI = /^[a-z0-9_+-]{1,64}$/;

/** `/react :thumbsup:` (or `thumbsup`): the emoji name as award emoji store it; null otherwise. */
export function parseEmojiArg(args: string): string | null {
  const text = args.trim();
  const name = text.startsWith(':') && text.endsWith(':') && text.length > 2 ? text.slice(1, -1) : text;
  return EMOJI.test(name) ? name : null;
}
