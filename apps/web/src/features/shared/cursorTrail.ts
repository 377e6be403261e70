/**
 * The keyset cursors a tab has walked through, so that "Previous" can go back: the REST API (like
 * GitLab's) only links to the next page. Kept in sessionStorage per list address (filters, state and
 * sort), as `cursor → the cursor of the page before it` ('' for the first page).
 */
const PREFIX = 'meridian-list-trail:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(listKey: string): Record<string, string> {
  try {
    const raw = storage()?.getItem(PREFIX + listKey);
    const value: unknown = raw ? JSON.parse(raw) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Remembers that the page after `current` (null: the first page) starts at `next`. */
export function rememberNextCursor(listKey: string, current: string | null, next: string): void {
  const trail = read(listKey);
  if (trail[next] === (current ?? '')) return;
  trail[next] = current ?? '';
  try {
    storage()?.setItem(PREFIX + listKey, JSON.stringify(trail));
  } catch {
    // A full or disabled storage only costs the Previous link its exact target.
  }
}

/**
 * The cursor of the page before the one at `current`: null for the first page, '' when that is the
 * first page, undefined when unknown (the address was opened directly; Previous then goes to the start).
 */
export function previousCursor(listKey: string, current: string | null): string | null | undefined {
  if (!current) return null;
  return read(listKey)[current];
}
