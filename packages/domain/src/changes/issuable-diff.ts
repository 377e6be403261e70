/**
 * What an issue, merge request or epic looked like before and after one write, and the field
 * changes between the two: the one diff every after-write effect (system notes, to-dos, emails,
 * live events, webhooks) reads. Set-valued fields (labels, assignees, reviewers) are compared only
 * when both snapshots hold them, so a write that never touched them need not load them.
 */
export interface IssuableSnapshot {
  title: string;
  description: string;
  /** opened, closed, merged or locked. */
  state: string;
  confidential?: boolean;
  discussion_locked?: boolean;
  /** Merge requests: the title's Draft prefix. */
  draft?: boolean;
  target_branch?: string;
  milestone_id?: number | null;
  iteration_id?: number | null;
  issue_type?: string;
  due_date?: string | null;
  start_date?: string | null;
  weight?: number | null;
  health_status?: string | null;
  /** Incidents: severity and escalation status (other issue types keep the defaults). */
  severity?: string;
  escalation_status?: string;
  /** Incidents: the escalation policy that pages their responders. */
  escalation_policy_id?: number | null;
  /** Issues: seconds estimated, and the sum of the time logged. */
  time_estimate?: number;
  total_time_spent?: number;
  /** Issues, tasks, objectives…: the parent work item (not an epic; that is epic_issues). */
  work_item_parent_id?: number | null;
  /** Epics: the parent epic and the fixed dates. */
  parent_id?: number | null;
  start_date_fixed?: string | null;
  due_date_fixed?: string | null;
  color?: string;
  labelIds?: readonly number[];
  assigneeIds?: readonly number[];
  reviewerIds?: readonly number[];
}

export const SCALAR_FIELDS = [
  'title',
  'description',
  'state',
  'confidential',
  'draft',
  'target_branch',
  'milestone_id',
  'iteration_id',
  'issue_type',
  'due_date',
  'start_date',
  'weight',
  'health_status',
  'severity',
  'escalation_status',
  'escalation_policy_id',
  'time_estimate',
  'total_time_spent',
  'discussion_locked',
  'work_item_parent_id',
  'parent_id',
  'start_date_fixed',
  'due_date_fixed',
  'color',
] as const satisfies ReadonlyArray<keyof IssuableSnapshot>;
export type ScalarField = (typeof SCALAR_FIELDS)[number];

export const SET_FIELDS = ['labelIds', 'assigneeIds', 'reviewerIds'] as const satisfies ReadonlyArray<
  keyof IssuableSnapshot
>;
export type SetField = (typeof SET_FIELDS)[number];

export type ScalarValue = string | number | boolean | null;

export interface ScalarChange {
  field: ScalarField;
  previous: ScalarValue;
  current: ScalarValue;
}
export interface SetChange {
  field: SetField;
  previous: number[];
  current: number[];
  added: number[];
  removed: number[];
}
export type FieldChange = ScalarChange | SetChange;

/** What a field holds before an item exists: nothing set, the item open. */
const EMPTY: IssuableSnapshot = { title: '', description: '', state: 'opened', confidential: false };

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The fields `after` holds differently from `before` (null: the item was just created, so every
 * field it was created with counts as set), in the order of SCALAR_FIELDS then SET_FIELDS. A field
 * the after snapshot does not hold is left out.
 */
export function diffSnapshots(before: IssuableSnapshot | null, after: IssuableSnapshot): FieldChange[] {
  const from = before ?? EMPTY;
  const changes: FieldChange[] = [];
  for (const field of SCALAR_FIELDS) {
    if (after[field] === undefined) continue;
    const previous = (from[field] ?? null) as ScalarValue;
    const current = (after[field] ?? null) as ScalarValue;
    if (previous !== current) changes.push({ field, previous, current });
  }
  for (const field of SET_FIELDS) {
    const next = after[field];
    const prior = before === null ? [] : before[field];
    if (next === undefined || prior === undefined) continue;
    const previous = sorted(prior);
    const current = sorted(next);
    const added = current.filter((id) => !previous.includes(id));
    const removed = previous.filter((id) => !current.includes(id));
    if (added.length + removed.length > 0) changes.push({ field, previous, current, added, removed });
  }
  return changes;
}

/** The change of one field, if it changed. */
export function changeOf(changes: readonly FieldChange[], field: SetField): SetChange | undefined;
export function changeOf(changes: readonly FieldChange[], field: ScalarField): ScalarChange | undefined;
export function changeOf(changes: readonly FieldChange[], field: FieldChange['field']): FieldChange | undefined {
  return changes.find((c) => c.field === field);
}

/** GitLab's webhook `object_attributes.action` for a write: open, close, reopen, merge or update. */
export type IssuableHookAction = 'open' | 'close' | 'reopen' | 'merge' | 'update';

export function hookAction(before: IssuableSnapshot | null, changes: readonly FieldChange[]): IssuableHookAction {
  if (before === null) return 'open';
  const state = changeOf(changes, 'state');
  if (state?.current === 'merged') return 'merge';
  if (state?.current === 'closed') return 'close';
  if (state?.current === 'opened') return 'reopen';
  return 'update';
}

/** GitLab's `state_id` numbers (Issuable::STATE_ID_MAP). */
const STATE_IDS: Record<string, number> = { opened: 1, closed: 2, merged: 3, locked: 4 };

const HOOK_NAMES: Partial<Record<FieldChange['field'], string>> = {
  state: 'state_id',
  labelIds: 'labels',
  assigneeIds: 'assignees',
  reviewerIds: 'reviewers',
};

/**
 * A webhook payload's `changes` (`{ field: { previous, current } }`) under GitLab's field names.
 * Labels, assignees and reviewers are the objects `objects` gives for their ids (a label hash or
 * a user hash, as GitLab's hook builders write them).
 */
export function hookChanges<T>(
  changes: readonly FieldChange[],
  objects: (field: SetField, ids: number[]) => T[],
): Record<string, { previous: unknown; current: unknown }> {
  const out: Record<string, { previous: unknown; current: unknown }> = {};
  for (const change of changes) {
    const name = HOOK_NAMES[change.field] ?? change.field;
    if (change.field === 'labelIds' || change.field === 'assigneeIds' || change.field === 'reviewerIds') {
      out[name] = { previous: objects(change.field, change.previous), current: objects(change.field, change.current) };
    } else if (change.field === 'state') {
      const id = (state: ScalarValue) => (typeof state === 'string' ? (STATE_IDS[state] ?? null) : null);
      out[name] = { previous: id(change.previous), current: id(change.current) };
    } else {
      out[name] = { previous: change.previous, current: change.current };
    }
  }
  return out;
}
