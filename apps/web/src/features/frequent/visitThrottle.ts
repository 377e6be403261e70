import { safeStorage } from '../../lib/safeStorage';
import type { VisitType } from './frequentApi';

/** The UTC day of `now`, the server's visit bucket too. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

const storageKey = (userId: number) => `meridian:visits:${userId}`;

/** Today's posted visits as stored: `{ day, items }`; anything else (another day, hand-edited) counts as none. */
function postedToday(userId: number, day: string): string[] {
  const raw = safeStorage.get(storageKey(userId));
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as { day?: unknown; items?: unknown };
    return parsed.day === day && Array.isArray(parsed.items) ? parsed.items.filter((i) => typeof i === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Whether the browser should post this visit: true at most once a day per user and item (IE §7.1
 * "at most once a day per item"), so navigating inside a project sends one request, not one a page.
 * Marks the item as posted; only today's items are kept, so the stored list never grows past a day.
 */
export function claimDailyVisit(userId: number, type: VisitType, id: number, now = new Date()): boolean {
  const day = dayOf(now);
  const items = postedToday(userId, day);
  const item = `${type}:${id}`;
  if (items.includes(item)) return false;
  safeStorage.set(storageKey(userId), JSON.stringify({ day, items: [...items, item] }));
  return true;
}
