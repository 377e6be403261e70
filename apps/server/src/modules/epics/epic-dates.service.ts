import { effectiveEpicDates, inheritedEpicDates } from '@meridian/domain/epics/epic-dates';
import type { Executor } from './epic-query';

const MAX_WALK = 25;

/**
 * Recomputes the inherited and effective start/due dates of epic `epicId` from its issues'
 * milestones and its child epics, then walks up its ancestors while the dates keep changing.
 * Call it (inside the writing transaction) after anything that can move an epic's dates: fixed
 * dates edited, an issue added to or removed from the epic, an issue's milestone changed, a
 * milestone's dates changed, a child epic attached or detached (call it for the old parent too).
 */
export async function recomputeEpicDates(db: Executor, epicId: number | null): Promise<void> {
  let current = epicId;
  for (let i = 0; current !== null && i < MAX_WALK; i++) {
    const epic = await db
      .selectFrom('epics')
      .select([
        'id',
        'parent_id',
        'start_date_is_fixed',
        'start_date_fixed',
        'due_date_is_fixed',
        'due_date_fixed',
        'start_date',
        'due_date',
        'start_date_sourcing_milestone_id',
        'start_date_sourcing_epic_id',
        'due_date_sourcing_milestone_id',
        'due_date_sourcing_epic_id',
      ])
      .where('id', '=', current)
      .executeTakeFirst();
    if (!epic) return;
    const [milestones, children] = await Promise.all([
      db
        .selectFrom('epic_issues as ei')
        .innerJoin('issues as i', 'i.id', 'ei.issue_id')
        .innerJoin('milestones as m', 'm.id', 'i.milestone_id')
        .select(['m.id', 'm.start_date as startDate', 'm.due_date as dueDate'])
        .distinct()
        .where('ei.epic_id', '=', epic.id)
        .execute(),
      db
        .selectFrom('epics')
        .select(['id', 'start_date as startDate', 'due_date as dueDate'])
        .where('parent_id', '=', epic.id)
        .execute(),
    ]);
    const inherited = inheritedEpicDates(milestones, children);
    const effective = effectiveEpicDates(
      {
        startDateIsFixed: epic.start_date_is_fixed,
        startDateFixed: epic.start_date_fixed,
        dueDateIsFixed: epic.due_date_is_fixed,
        dueDateFixed: epic.due_date_fixed,
      },
      inherited,
    );
    const unchanged =
      epic.start_date === effective.startDate &&
      epic.due_date === effective.dueDate &&
      epic.start_date_sourcing_milestone_id === inherited.startDateSourcingMilestoneId &&
      epic.start_date_sourcing_epic_id === inherited.startDateSourcingEpicId &&
      epic.due_date_sourcing_milestone_id === inherited.dueDateSourcingMilestoneId &&
      epic.due_date_sourcing_epic_id === inherited.dueDateSourcingEpicId;
    if (unchanged) return;
    await db
      .updateTable('epics')
      .set({
        start_date: effective.startDate,
        due_date: effective.dueDate,
        start_date_sourcing_milestone_id: inherited.startDateSourcingMilestoneId,
        start_date_sourcing_epic_id: inherited.startDateSourcingEpicId,
        due_date_sourcing_milestone_id: inherited.dueDateSourcingMilestoneId,
        due_date_sourcing_epic_id: inherited.dueDateSourcingEpicId,
      })
      .where('id', '=', epic.id)
      .execute();
    // Only the effective dates feed the parent; a source-only change stops here.
    if (epic.start_date === effective.startDate && epic.due_date === effective.dueDate) return;
    current = epic.parent_id;
  }
}

/** What changed: epics directly, issues (their milestone or their epic), or a milestone's dates. */
export type EpicDatesTrigger = { epicIds: Array<number | null> } | { issueIds: number[] } | { milestoneId: number };

/** The epics whose inherited dates depend on `trigger` (read these BEFORE deleting the issue or milestone). */
export async function epicIdsDatedBy(db: Executor, trigger: EpicDatesTrigger): Promise<number[]> {
  if ('epicIds' in trigger) return [...new Set(trigger.epicIds.filter((id): id is number => id !== null))];
  if ('issueIds' in trigger) {
    if (trigger.issueIds.length === 0) return [];
    const rows = await db
      .selectFrom('epic_issues')
      .select('epic_id')
      .distinct()
      .where('issue_id', 'in', trigger.issueIds)
      .execute();
    return rows.map((r) => r.epic_id);
  }
  const rows = await db
    .selectFrom('epic_issues as ei')
    .innerJoin('issues as i', 'i.id', 'ei.issue_id')
    .select('ei.epic_id')
    .distinct()
    .where('i.milestone_id', '=', trigger.milestoneId)
    .execute();
  return rows.map((r) => r.epic_id);
}

/**
 * The one entry point every write that can move inherited epic dates calls (inside its
 * transaction): an issue joining or leaving an epic, an issue's milestone changing, an issue
 * deleted, a milestone's dates edited or the milestone deleted.
 */
export async function refreshEpicDates(db: Executor, trigger: EpicDatesTrigger): Promise<void> {
  for (const id of await epicIdsDatedBy(db, trigger)) await recomputeEpicDates(db, id);
}
