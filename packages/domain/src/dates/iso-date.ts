import { daysInMonth } from './calendar-days';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for a real calendar date written `YYYY-MM-DD`, years 0001–9999 (what PostgreSQL's `date`
 * and GitLab accept). `Date.parse` is not enough: V8 rolls 2024-02-30 over to 1 March.
 * isValidIsoDate('2024-02-29') → true; isValidIsoDate('2023-02-29') → false; isValidIsoDate('99999-01-01') → false.
 */
export function isValidIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * True for an ISO 8601 date (`2024-03-07`) or date-time (`2024-03-07T10:00:00Z`,
 * `2024-03-07 10:00:00+02:00`) whose date part passes `isValidIsoDate` and which `Date.parse` reads.
 */
export function isValidIsoDateTime(value: string): boolean {
  if (value.length > 64 || !isValidIsoDate(value.slice(0, 10))) return false;
  if (value.length === 10) return true;
  return (value[10] === 'T' || value[10] === ' ') && !Number.isNaN(Date.parse(value));
}

/**
 * The UTC calendar day of an instant, `YYYY-MM-DD`, and that day moved by whole days: what
 * "today" and "in 30 days" mean for `date` columns. isoDay(new Date('2024-03-07T23:59:59Z')) → '2024-03-07';
 * isoDay(new Date('2024-02-28T12:00:00Z'), 1) → '2024-02-29'.
 */
export function isoDay(instant: Date, plusDays = 0): string {
  return new Date(instant.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
}
