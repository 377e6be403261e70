/** Deployment frequency (IE-75): successful deployments counted per interval, GitLab's `[{value, from, to}]`. */
export const FREQUENCY_INTERVALS = ['all', 'monthly', 'daily'] as const;
export type FrequencyInterval = (typeof FREQUENCY_INTERVALS)[number];

/** The longest range GitLab answers, in days. */
export const MAX_FREQUENCY_RANGE_DAYS = 365;

export interface FrequencyBucket {
  value: number;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function startOfDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** Why the range is refused (GitLab's messages), or null. */
export function frequencyRangeRefusal(from: Date, to: Date): string | null {
  if (to.getTime() < from.getTime()) return 'Parameter `to` is before the `from` date';
  if ((to.getTime() - from.getTime()) / DAY_MS > MAX_FREQUENCY_RANGE_DAYS) {
    return `Date range is greater than ${MAX_FREQUENCY_RANGE_DAYS} days`;
  }
  return null;
}

/**
 * Counts `finishedAt` times in [from, to) per interval: one bucket for `all`, one per calendar month
 * (UTC) for `monthly`, one per day for `daily`; buckets are clipped to the range and empty ones kept.
 */
export function deploymentFrequency(
  finishedAt: readonly Date[],
  from: Date,
  to: Date,
  interval: FrequencyInterval,
): FrequencyBucket[] {
  const bounds: [Date, Date][] = [];
  if (interval === 'all') {
    bounds.push([from, to]);
  } else {
    let start = from;
    while (start.getTime() < to.getTime()) {
      const next =
        interval === 'daily'
          ? new Date(startOfDay(start).getTime() + DAY_MS)
          : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
      const end = next.getTime() < to.getTime() ? next : to;
      bounds.push([start, end]);
      start = end;
    }
  }
  return bounds.map(([start, end]) => ({
    value: finishedAt.filter((t) => t.getTime() >= start.getTime() && t.getTime() < end.getTime()).length,
    from: isoDate(start),
    to: isoDate(end),
  }));
}
