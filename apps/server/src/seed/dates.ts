/** Date helpers for seeding: everything is relative to an anchor day (today, UTC). */
const DAY_MS = 86_400_000;

export interface Clock {
  /** 'YYYY-MM-DD' of the anchor day. */
  today: string;
  /** The day `offset` days from the anchor, as 'YYYY-MM-DD'. */
  day: (offset: number) => string;
  /** A timestamp `offset` days (fractional allowed) from the anchor's midnight UTC. */
  at: (offset: number) => Date;
}

export function createClock(now: Date = new Date()): Clock {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (offset: number) => new Date(midnight + Math.round(offset) * DAY_MS).toISOString().slice(0, 10);
  return { today: day(0), day, at: (offset: number) => new Date(midnight + offset * DAY_MS) };
}

/** Whole days between two 'YYYY-MM-DD' strings (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}
