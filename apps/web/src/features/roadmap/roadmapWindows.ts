/**
 * Planning the roadmap's parallel windows: after RF-1's first page, the rest of the epics up to the
 * instance's limit load in windows of `size` from `start`, all at once, instead of page after page
 * as the user scrolls.
 */
export interface EpicWindow {
  offset: number;
  limit: number;
}

/** The windows covering positions `start`..min(total, max) - 1. */
export function planWindows(start: number, total: number, max: number, size: number): EpicWindow[] {
  const end = Math.min(total, max);
  const windows: EpicWindow[] = [];
  for (let offset = start; offset < end; offset += size) windows.push({ offset, limit: Math.min(size, end - offset) });
  return windows;
}

/**
 * The epics in order as far as they have arrived without a gap (a later window that arrives first
 * waits, so rows never jump), without repeats: a list that changed between requests can shift an
 * epic from one window into the next.
 */
export function joinWindows<T extends { id: string }>(
  first: readonly T[],
  windows: readonly (readonly T[] | undefined)[],
): { epics: T[]; complete: boolean } {
  const seen = new Set<string>();
  const epics: T[] = [];
  const add = (list: readonly T[]) => {
    for (const epic of list) {
      if (seen.has(epic.id)) continue;
      seen.add(epic.id);
      epics.push(epic);
    }
  };
  add(first);
  for (const window of windows) {
    if (!window) return { epics, complete: false };
    add(window);
  }
  return { epics, complete: true };
}
