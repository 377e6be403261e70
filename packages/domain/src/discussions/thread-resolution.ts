/** What a thread's resolution needs of each of its notes. */
export interface ResolvableNote {
  resolvable: boolean;
  system: boolean;
  resolved_at: Date | null;
  resolved_by_id: number | null;
}

export interface ThreadResolution {
  resolvable: boolean;
  resolved: boolean;
  resolvedAt: Date | null;
  resolvedById: number | null;
}

/**
 * GitLab's resolution of a thread (`Discussion#resolvable?`, `#resolved?`): resolvable when its first
 * note started one, resolved when each of its resolvable comments is; the last of them to be resolved
 * says when and by whom. `notes` are oldest first.
 */
export function threadResolution(notes: readonly ResolvableNote[]): ThreadResolution {
  const first = notes[0];
  const resolvable = Boolean(first?.resolvable && !first.system);
  const resolvableNotes = notes.filter((n) => n.resolvable && !n.system);
  const resolved = resolvable && resolvableNotes.every((n) => n.resolved_at !== null);
  let last: ResolvableNote | null = null;
  if (resolved) {
    for (const n of resolvableNotes) {
      if (!last || (n.resolved_at as Date) > (last.resolved_at as Date)) last = n;
    }
  }
  return {
    resolvable,
    resolved,
    resolvedAt: last?.resolved_at ?? null,
    resolvedById: last?.resolved_by_id ?? null,
  };
}
