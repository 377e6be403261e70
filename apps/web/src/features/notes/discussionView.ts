import type { Discussion } from './notesApi';

/** IE §9's discussion filters, with GitLab's menu texts. */
export const DISCUSSION_FILTERS = [
  ['all', 'Show all activity'],
  ['comments', 'Show comments only'],
  ['history', 'Show history only'],
] as const;
export type DiscussionFilter = (typeof DISCUSSION_FILTERS)[number][0];

export const DISCUSSION_SORTS = [
  ['asc', 'Oldest first'],
  ['desc', 'Newest first'],
] as const;
export type DiscussionSort = (typeof DISCUSSION_SORTS)[number][0];

export interface DiscussionPreferences {
  filter: DiscussionFilter;
  sort: DiscussionSort;
}

export const DEFAULT_PREFERENCES: DiscussionPreferences = { filter: 'all', sort: 'asc' };

/** A discussion is history when its first note is a system note (system notes are never replied to). */
export function isHistory(discussion: Discussion): boolean {
  return discussion.notes[0]?.system === true;
}

/**
 * The discussions shown: filtered (comments, history or both), ordered by when each began, oldest or
 * newest first, without duplicates (a page boundary can move while notes are added between fetches).
 */
export function visibleDiscussions(pages: readonly Discussion[][], prefs: DiscussionPreferences): Discussion[] {
  const seen = new Set<string>();
  const shown: Discussion[] = [];
  for (const page of pages) {
    for (const discussion of page) {
      if (seen.has(discussion.id) || discussion.notes.length === 0) continue;
      seen.add(discussion.id);
      if (prefs.filter === 'comments' && isHistory(discussion)) continue;
      if (prefs.filter === 'history' && !isHistory(discussion)) continue;
      shown.push(discussion);
    }
  }
  const began = (d: Discussion) => d.notes[0]?.created_at ?? '';
  shown.sort((a, b) => (began(a) < began(b) ? -1 : began(a) > began(b) ? 1 : 0));
  return prefs.sort === 'desc' ? shown.reverse() : shown;
}

/** Reads stored preferences, keeping only known values. */
export function parsePreferences(raw: string | null): DiscussionPreferences {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<DiscussionPreferences>) : {};
    return {
      filter: DISCUSSION_FILTERS.some(([f]) => f === value.filter)
        ? (value.filter as DiscussionFilter)
        : DEFAULT_PREFERENCES.filter,
      sort: value.sort === 'desc' ? 'desc' : 'asc',
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/** The award buttons: one per emoji name, in first-awarded order, with its count and whether it is mine. */
export function groupAwards(
  awards: readonly { id: number; name: string; user: { id: number } | null }[],
  myId: number | null,
): { name: string; count: number; mine: number | null }[] {
  const byName = new Map<string, { name: string; count: number; mine: number | null }>();
  for (const award of awards) {
    const entry = byName.get(award.name) ?? { name: award.name, count: 0, mine: null };
    entry.count += 1;
    if (myId !== null && award.user?.id === myId) entry.mine = award.id;
    byName.set(award.name, entry);
  }
  return [...byName.values()];
}
