/**
 * Time-tracking durations as GitLab writes them: `1mo 2w 3d 4h 30m`, with GitLab's working-time
 * units (1mo = 4w, 1w = 5d, 1d = 8h) and hours for a lone number (`/spend 2` is two hours).
 */

import { MAX_INT4 } from '../ids/int4';

const HOUR = 3600;
const UNITS: ReadonlyArray<readonly [name: string, seconds: number, aliases: readonly string[]]> = [
  ['mo', 4 * 5 * 8 * HOUR, ['mo', 'month', 'months']],
  ['w', 5 * 8 * HOUR, ['w', 'week', 'weeks']],
  ['d', 8 * HOUR, ['d', 'day', 'days']],
  ['h', HOUR, ['h', 'hr', 'hrs', 'hour', 'hours', '']],
  ['m', 60, ['m', 'min', 'mins', 'minute', 'minutes']],
  ['s', 1, ['s', 'sec', 'secs', 'second', 'seconds']],
];
const SECONDS_BY_ALIAS = new Map(UNITS.flatMap(([, seconds, aliases]) => aliases.map((a) => [a, seconds] as const)));

/** Longer text is no duration anyone types: refused before it is scanned. */
export const MAX_DURATION_TEXT = 100;
/** The largest duration stored (a PostgreSQL integer of seconds). */
export const MAX_DURATION_SECONDS = MAX_INT4;

// One number and its unit at a time (sticky), so the scan is linear in the text; no nested quantifier.
const PART = /\s*([\d.]{1,13})\s*([a-z]*)\s*/y;
const NUMBER = /^\d{1,9}$|^\d{1,9}\.\d{1,3}$/;

/**
 * Seconds in a duration text; a leading `-` gives a negative duration (`/spend -1h` subtracts).
 * Null when the text is empty, too long, has an unknown unit, or is zero.
 */
export function parseDuration(text: string): number | null {
  if (text.length > MAX_DURATION_TEXT) return null;
  let rest = text.trim().toLowerCase();
  const negative = rest.startsWith('-');
  if (negative) rest = rest.slice(1);
  if (!rest) return null;
  let seconds = 0;
  let parts = 0;
  let bareNumber = false;
  PART.lastIndex = 0;
  while (PART.lastIndex < rest.length) {
    const match = PART.exec(rest);
    if (!match) return null;
    const unit = SECONDS_BY_ALIAS.get(match[2] as string);
    if (unit === undefined || !NUMBER.test(match[1] as string)) return null;
    parts += 1;
    bareNumber ||= match[2] === '';
    seconds += Number(match[1]) * unit;
  }
  // Hours are implied for a lone number only: in `1h 30` the 30 is a typo, not 30 hours.
  if (bareNumber && parts > 1) return null;
  seconds = Math.round(seconds);
  if (seconds === 0 || seconds > MAX_DURATION_SECONDS) return null;
  return negative ? -seconds : seconds;
}

/** GitLab's short form: `1w 2d 3h 30m`; `-1h` for a negative duration; null for none (0). */
export function formatDuration(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds === 0) return null;
  let left = Math.abs(Math.trunc(seconds));
  const parts: string[] = [];
  for (const [name, size] of UNITS) {
    const n = Math.floor(left / size);
    if (n > 0) parts.push(`${n}${name}`);
    left -= n * size;
  }
  return `${seconds < 0 ? '-' : ''}${parts.join(' ')}`;
}
