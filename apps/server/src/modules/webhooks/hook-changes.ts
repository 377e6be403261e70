import type { Changes } from './hook-payloads';

const STATE_IDS: Record<string, number> = { opened: 1, closed: 2, merged: 3, locked: 4 };
/** Columns that are not GitLab hook attributes (rendered caches, counters). */
const SKIPPED = new Set(['description_html', 'lock_version', 'closed_by_id', 'draft']);

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * GitLab's `changes` block from the columns a write set and the row before it: `{previous, current}`
 * per changed attribute, `state` as GitLab's `state_id`, dates as ISO strings; unchanged values left out.
 */
export function hookChanges(before: object, set: Record<string, unknown>): Changes {
  const row = before as Record<string, unknown>;
  const changes: Changes = {};
  for (const [key, value] of Object.entries(set)) {
    if (SKIPPED.has(key) || value === undefined) continue;
    const previous = comparable(row[key] ?? null);
    const current = comparable(value);
    if (JSON.stringify(previous) === JSON.stringify(current)) continue;
    if (key === 'state') {
      changes.state_id = { previous: STATE_IDS[String(previous)] ?? null, current: STATE_IDS[String(current)] ?? null };
    } else {
      changes[key] = { previous, current };
    }
  }
  return changes;
}

/** GitLab's `action` for an issuable update from the state it moved to. */
export function updateAction(set: Record<string, unknown>): 'update' | 'close' | 'reopen' | 'merge' {
  if (set.state === 'closed') return 'close';
  if (set.state === 'opened') return 'reopen';
  if (set.state === 'merged') return 'merge';
  return 'update';
}
