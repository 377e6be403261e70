import { formatDuration, parseDuration } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, forbidden } from '../../errors';
import { canIssue, forbiddenMessage } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { IssueRow } from '../issues';
import { findIssue, issueSubject } from '../issues';
import type { ProjectRow } from '../namespaces';
import { addSystemNote, issueNoteTarget } from '../system-notes';
import { totalTimeSpentOfIssue } from './time-spent-sql';

export interface TimeStats {
  time_estimate: number;
  total_time_spent: number;
}

/** The issue, when the actor may track time on it (Planner and above, as GitLab's admin_issue). */
async function trackableIssue(db: Database, actor: Actor, project: ProjectRow, iid: number): Promise<IssueRow> {
  const issue = await findIssue(db, actor, project.id, iid);
  const subject = await issueSubject(db, issue);
  if (!canIssue(actor, 'admin_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  return issue;
}

function durationOf(text: string, field = 'duration'): number {
  const seconds = parseDuration(text);
  if (seconds === null) throw badRequest(`${field} is invalid: use a duration such as 1w 2d 3h 30m`, field);
  return seconds;
}

async function statsOf(db: Database, issueId: number): Promise<TimeStats> {
  const row = await db
    .selectFrom('issues as i')
    .select(['i.time_estimate', totalTimeSpentOfIssue.as('total_time_spent')])
    .where('i.id', '=', issueId)
    .executeTakeFirstOrThrow();
  return row;
}

/** `GET …/time_stats`: readable by whoever may read the issue. */
export async function timeStats(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
): Promise<TimeStats> {
  return statsOf(db, (await findIssue(db, actor, project.id, iid)).id);
}

/** `/estimate` and `POST …/time_estimate` (a negative duration is refused); null or `0` removes it. */
export async function setTimeEstimate(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  duration: string | null,
): Promise<TimeStats> {
  const me = requireActor(actor);
  const issue = await trackableIssue(db, me, project, iid);
  const seconds = duration === null || duration.trim() === '0' ? 0 : durationOf(duration);
  if (seconds < 0) throw badRequest('duration is invalid: an estimate cannot be negative', 'duration');
  if (seconds !== issue.time_estimate) {
    await withTransaction(db, async (trx) => {
      await trx
        .updateTable('issues')
        .set({ time_estimate: seconds, updated_at: sql`now()` })
        .where('id', '=', issue.id)
        .execute();
      const note = seconds ? `changed time estimate to ${formatDuration(seconds)}` : 'removed time estimate';
      await addSystemNote(trx, issueNoteTarget(issue), me.id, note);
    });
  }
  return statsOf(db, issue.id);
}

/**
 * `/spend` and `POST …/add_spent_time`: logs time (negative subtracts). The total may not go below
 * zero, as GitLab refuses.
 */
export async function addSpentTime(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  input: { duration: string; summary?: string /** `/spend 1h 2026-11-20`: the day it was spent. */; spentAt?: string },
): Promise<TimeStats> {
  const me = requireActor(actor);
  const issue = await trackableIssue(db, me, project, iid);
  const seconds = durationOf(input.duration);
  await withTransaction(db, async (trx) => {
    // Serializes concurrent logs on one issue, so two subtractions cannot both pass the check.
    await trx.selectFrom('issues').select('id').where('id', '=', issue.id).forUpdate().execute();
    const { total_time_spent: total } = await statsOf(trx, issue.id);
    if (total + seconds < 0) throw badRequest('duration is invalid: total time spent cannot be negative', 'duration');
    await trx
      .insertInto('timelogs')
      .values({
        issue_id: issue.id,
        user_id: me.id,
        time_spent: seconds,
        summary: input.summary ?? '',
        ...(input.spentAt ? { spent_at: new Date(`${input.spentAt}T00:00:00Z`) } : {}),
      })
      .execute();
    await trx.updateTable('issues').set({ updated_at: sql`now()` }).where('id', '=', issue.id).execute();
    const human = formatDuration(Math.abs(seconds));
    await addSystemNote(
      trx,
      issueNoteTarget(issue),
      me.id,
      `${seconds > 0 ? 'added' : 'subtracted'} ${human} of time spent`,
    );
  });
  return statsOf(db, issue.id);
}

/** `POST …/reset_spent_time`: removes every log of time spent on the issue. */
export async function resetSpentTime(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
): Promise<TimeStats> {
  const me = requireActor(actor);
  const issue = await trackableIssue(db, me, project, iid);
  await withTransaction(db, async (trx) => {
    const removed = await trx.deleteFrom('timelogs').where('issue_id', '=', issue.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      await trx.updateTable('issues').set({ updated_at: sql`now()` }).where('id', '=', issue.id).execute();
      await addSystemNote(trx, issueNoteTarget(issue), me.id, 'removed time spent');
    }
  });
  return statsOf(db, issue.id);
}
