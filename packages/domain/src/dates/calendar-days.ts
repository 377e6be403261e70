/**
 * Calendar-day arithmetic on `YYYY-MM-DD` strings, done in whole UTC days (no time zones, no clock).
 * A "day number" counts days since 1970-01-01.
 */

const MS_PER_DAY = 86_400_000;

export const MONTH_SHORT_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Year, month (1–12) and day of a `YYYY-MM-DD` string. */
export interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function splitDate(date: string): YearMonthDay {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Builds a date from parts; the month may lie outside 1–12 (it carries into the year), the day must fit. */
export function joinDate(year: number, month: number, day: number): string {
  const monthIndex = year * 12 + (month - 1);
  const y = Math.floor(monthIndex / 12);
  const m = monthIndex - y * 12 + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function utcMs(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

export function toDayNumber(date: string): number {
  const { year, month, day } = splitDate(date);
  return Math.round(utcMs(year, month, day) / MS_PER_DAY);
}

export function fromDayNumber(dayNumber: number): string {
  const d = new Date(dayNumber * MS_PER_DAY);
  return joinDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function addDays(date: string, days: number): string {
  return days === 0 ? date : fromDayNumber(toDayNumber(date) + days);
}

/** Adds whole months; the day is clamped to the target month's length (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  if (months === 0) return date;
  const { year, month, day } = splitDate(date);
  const first = joinDate(year, month + months, 1);
  const target = splitDate(first);
  return joinDate(target.year, target.month, Math.min(day, daysInMonth(target.year, target.month)));
}

/** Number of days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

export function startOfMonth(date: string): string {
  const { year, month } = splitDate(date);
  return joinDate(year, month, 1);
}

export function endOfMonth(date: string): string {
  const { year, month } = splitDate(date);
  return joinDate(year, month, daysInMonth(year, month));
}

/** Calendar quarter (1–4) of a date. */
export function quarterOf(date: string): number {
  return Math.floor((splitDate(date).month - 1) / 3) + 1;
}

export function startOfQuarter(date: string): string {
  const { year } = splitDate(date);
  return joinDate(year, (quarterOf(date) - 1) * 3 + 1, 1);
}

export function endOfQuarter(date: string): string {
  return endOfMonth(addMonths(startOfQuarter(date), 2));
}

/** The first day of the week (beginning on `weekStart`, 0 = Sunday) that contains `date`. */
export function startOfWeek(date: string, weekStart: number): string {
  const back = (((dayOfWeek(date) - weekStart) % 7) + 7) % 7;
  return addDays(date, -back);
}

/** `YYYY-MM-DD` strings compare correctly as strings; these read better at call sites. */
export function minDate(a: string, b: string): string {
  return a <= b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a >= b ? a : b;
}
