import {
  assigneesChangedNote,
  changeOf,
  childEpicNote,
  confidentialityChangedNote,
  DESCRIPTION_CHANGED_NOTE,
  discussionLockNote,
  draftChangedNote,
  dueDateChangedNote,
  epicDateChangedNote,
  type FieldChange,
  healthStatusChangedNote,
  hierarchyChangedNote,
  incidentStatusChangedNote,
  iterationChangedNote,
  labelsChangedNote,
  milestoneChangedNote,
  parentEpicNote,
  reviewersChangedNote,
  severityChangedNote,
  stateChangedNote,
  titleChangedNote,
  weightChangedNote,
} from '@meridian/domain';
import type { Executor } from '../../db/executor';
import { fullPathOf } from '../namespaces';
import { issueNoteTarget, type SystemNoteNames } from '../system-notes';
import type { ChangeTarget } from './change-target';

/** A system note on the changed item, or on another item (the old or new parent epic). */
export interface PlannedNote {
  on: ChangeTarget['noteTarget'];
  note: string;
  /** The other issues and epics it names: only who may read them sees it. */
  names?: SystemNoteNames;
}

/** GitLab records these at creation too (as its resource events do): the first labels, people, milestone… */
const NOTED_AT_CREATION = new Set<FieldChange['field']>([
  'milestone_id',
  'iteration_id',
  'labelIds',
  'assigneeIds',
  'reviewerIds',
  'parent_id',
  'work_item_parent_id',
]);

/** What the notes need besides the diff: usernames, milestone and iteration titles, epic references. */
export interface NoteLookups {
  /** The users the change names, as webhooks show them too. */
  users: Map<number, { id: number; username: string; name: string; avatar_url: string | null; email: string }>;
  milestones: Map<number, string>;
  iterations: Map<number, string | null>;
  epics: Map<number, { iid: number; group_id: number; group_path: string }>;
  /** The work items at both ends of a hierarchy change. */
  issues: Map<number, { id: number; iid: number; project_id: number; issue_type: string }>;
}

/** The ids of the rows the notes of `changes` name, to load in one statement per table. */
export function idsToLookUp(changes: readonly FieldChange[]) {
  const ids = (field: FieldChange['field']) => {
    const c = changes.find((x) => x.field === field);
    if (!c) return [];
    if (Array.isArray(c.previous) && Array.isArray(c.current)) return [...c.previous, ...c.current];
    return [c.previous, c.current].filter((v): v is number => typeof v === 'number');
  };
  return {
    users: [...ids('assigneeIds'), ...ids('reviewerIds')],
    milestones: ids('milestone_id'),
    iterations: ids('iteration_id'),
    epics: ids('parent_id'),
    issues: ids('work_item_parent_id'),
  };
}

/** The system notes of a write's changes, in GitLab's order; `created` keeps only those GitLab records at creation. */
export function changeSystemNotes(
  target: ChangeTarget,
  changes: readonly FieldChange[],
  lookups: NoteLookups,
  created: boolean,
): PlannedNote[] {
  const kept = created ? changes.filter((c) => NOTED_AT_CREATION.has(c.field)) : changes;
  const on = target.noteTarget;
  const notes: PlannedNote[] = [];
  const add = (note: string | null) => {
    if (note) notes.push({ on, note });
  };
  const titleOf = target.titleOf ?? ((t: string) => t);
  const names = (ids: number[]) => ids.flatMap((id) => lookups.users.get(id)?.username ?? []);
  for (const change of kept) {
    switch (change.field) {
      case 'draft':
        add(draftChangedNote(change.current === true));
        break;
      case 'state':
        add(stateChangedNote(String(change.current)));
        break;
      case 'milestone_id':
        add(
          milestoneChangedNote(
            change.current === null ? null : (lookups.milestones.get(change.current as number) ?? ''),
          ),
        );
        break;
      case 'iteration_id': {
        const id = change.current as number | null;
        add(iterationChangedNote(id === null ? null : { id, title: lookups.iterations.get(id) ?? null }));
        break;
      }
      default:
        break;
    }
  }
  const title = changeOf(kept, 'title');
  if (title && titleOf(String(title.previous ?? '')) !== titleOf(String(title.current ?? ''))) {
    add(titleChangedNote(titleOf(String(title.previous ?? '')), titleOf(String(title.current ?? ''))));
  }
  for (const change of kept) {
    switch (change.field) {
      case 'description':
        add(DESCRIPTION_CHANGED_NOTE);
        break;
      case 'confidential':
        add(confidentialityChangedNote(change.current === true, target.noun === 'epic' ? 'epic' : 'issue'));
        break;
      case 'due_date':
        add(dueDateChangedNote(change.current as string | null));
        break;
      case 'weight':
        add(weightChangedNote(change.current as number | null));
        break;
      case 'health_status':
        add(healthStatusChangedNote(change.current as string | null));
        break;
      case 'severity':
        add(severityChangedNote(String(change.current)));
        break;
      case 'escalation_status':
        add(incidentStatusChangedNote(String(change.current), target.statusChangeReason));
        break;
      case 'discussion_locked':
        add(discussionLockNote(change.current === true, target.noun));
        break;
      case 'start_date_fixed':
        add(epicDateChangedNote('start date', change.current as string | null));
        break;
      case 'due_date_fixed':
        add(epicDateChangedNote('due date', change.current as string | null));
        break;
      case 'labelIds':
        add(labelsChangedNote(change.added, change.removed));
        break;
      case 'assigneeIds':
        add(assigneesChangedNote(names(change.added), names(change.removed)));
        break;
      case 'reviewerIds':
        add(reviewersChangedNote(names(change.added), names(change.removed)));
        break;
      case 'parent_id':
        notes.push(...parentNotes(target, change.previous as number | null, change.current as number | null, lookups));
        break;
      case 'work_item_parent_id':
        notes.push(
          ...hierarchyNotes(target, change.previous as number | null, change.current as number | null, lookups),
        );
        break;
      default:
        break;
    }
  }
  return notes;
}

/** Both ends of an epic re-parenting: the child's parent note, and the old and new parents' child notes. */
function parentNotes(
  target: ChangeTarget,
  previous: number | null,
  current: number | null,
  lookups: NoteLookups,
): PlannedNote[] {
  const notes: PlannedNote[] = [];
  const epicNoteTarget = (id: number) => {
    const epic = lookups.epics.get(id);
    return { type: 'Epic' as const, id, projectId: null, ...(epic ? { groupId: epic.group_id } : {}) };
  };
  const referenceFrom = (fromGroupId: number | undefined, id: number) => {
    const epic = lookups.epics.get(id);
    if (!epic) return `&${id}`;
    return epic.group_id === fromGroupId ? `&${epic.iid}` : `${epic.group_path}&${epic.iid}`;
  };
  const self = lookups.epics.get(target.id);
  if (previous !== null) {
    notes.push({
      on: target.noteTarget,
      note: parentEpicNote('removed', referenceFrom(target.groupId, previous)),
      names: { epicIds: [previous] },
    });
    const parentGroup = lookups.epics.get(previous)?.group_id;
    notes.push({
      on: epicNoteTarget(previous),
      note: childEpicNote('removed', childReference(self, parentGroup)),
      names: { epicIds: [target.id] },
    });
  }
  if (current !== null) {
    notes.push({
      on: target.noteTarget,
      note: parentEpicNote('added', referenceFrom(target.groupId, current)),
      names: { epicIds: [current] },
    });
    const parentGroup = lookups.epics.get(current)?.group_id;
    notes.push({
      on: epicNoteTarget(current),
      note: childEpicNote('added', childReference(self, parentGroup)),
      names: { epicIds: [target.id] },
    });
  }
  return notes;
}

/** A work item's parent link, noted on both ends (the parent first): removed from the old parent, added to the new. */
function hierarchyNotes(
  target: ChangeTarget,
  previous: number | null,
  current: number | null,
  lookups: NoteLookups,
): PlannedNote[] {
  const child = lookups.issues.get(target.id);
  if (!child) return [];
  const notes: PlannedNote[] = [];
  for (const [action, id] of [
    ['removed', previous],
    ['added', current],
  ] as const) {
    const parent = id === null ? undefined : lookups.issues.get(id);
    if (!parent) continue;
    notes.push({
      on: issueNoteTarget(parent),
      note: hierarchyChangedNote(action, 'child', child),
      names: { issueIds: [target.id] },
    });
    notes.push({
      on: target.noteTarget,
      note: hierarchyChangedNote(action, 'parent', parent),
      names: { issueIds: [parent.id] },
    });
  }
  return notes;
}

const childReference = (
  child: { iid: number; group_id: number; group_path: string } | undefined,
  fromGroupId: number | undefined,
) => (child ? (child.group_id === fromGroupId ? `&${child.iid}` : `${child.group_path}&${child.iid}`) : '');

/** Loads what the notes name: one statement per kind of row the changes touch. */
export async function loadNoteLookups(
  db: Executor,
  target: ChangeTarget,
  changes: readonly FieldChange[],
): Promise<NoteLookups> {
  const ids = idsToLookUp(changes);
  const lookups: NoteLookups = {
    users: new Map(),
    milestones: new Map(),
    iterations: new Map(),
    epics: new Map(),
    issues: new Map(),
  };
  if (ids.users.length) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'avatar_url', 'email'])
      .where('id', 'in', ids.users)
      .execute();
    for (const r of rows) lookups.users.set(r.id, r);
  }
  if (ids.milestones.length) {
    const rows = await db.selectFrom('milestones').select(['id', 'title']).where('id', 'in', ids.milestones).execute();
    for (const r of rows) lookups.milestones.set(r.id, r.title);
  }
  if (ids.iterations.length) {
    const rows = await db.selectFrom('iterations').select(['id', 'title']).where('id', 'in', ids.iterations).execute();
    for (const r of rows) lookups.iterations.set(r.id, r.title);
  }
  if (ids.epics.length) {
    const rows = await db
      .selectFrom('epics as e')
      .innerJoin('namespaces as n', 'n.id', 'e.group_id')
      .select(['e.id', 'e.iid', 'e.group_id', fullPathOf('n.traversal_ids').as('group_path')])
      .where('e.id', 'in', [...ids.epics, target.id])
      .execute();
    for (const r of rows) lookups.epics.set(r.id, { iid: r.iid, group_id: r.group_id, group_path: r.group_path });
  }
  if (ids.issues.length) {
    const rows = await db
      .selectFrom('issues')
      .select(['id', 'iid', 'project_id', 'issue_type'])
      .where('id', 'in', [...ids.issues, target.id])
      .execute();
    for (const r of rows) lookups.issues.set(r.id, r);
  }
  return lookups;
}
