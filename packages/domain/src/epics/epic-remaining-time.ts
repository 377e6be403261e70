const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → whole days since 1970-01-01 (UTC), or null when it is not such a date. */
function dayNumber(isoDate: string): number | null {
  const ms = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? null : Math.round(ms / DAY_MS);
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** GitLab's `to_s(:medium)` of a date: 'Mar 5, 2026'. */
export function humanReadableDate(isoDate: string | null): string | null {
  if (!isoDate || dayNumber(isoDate) === null) return null;
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/**
 * GitLab's `remaining_days_in_words` for an epic, as plain text: 'Past due' after the end date,
 * 'Upcoming' before the start, else the days remaining to the end, or elapsed since the start.
 */
export function remainingTimeText(
  dates: { startDate: string | null; endDate: string | null },
  today: string,
): string | null {
  const now = dayNumber(today);
  if (now === null) return null;
  const end = dates.endDate ? dayNumber(dates.endDate) : null;
  const start = dates.startDate ? dayNumber(dates.startDate) : null;
  if (end !== null && end < now) return 'Past due';
  if (start !== null && start > now) return 'Upcoming';
  if (end !== null) return `${days(end - now)} remaining`;
  if (start !== null) return `${days(now - start)} elapsed`;
  return null;
}
