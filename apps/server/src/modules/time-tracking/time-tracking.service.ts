import { formatDuration, parseDuration } from '@meridian/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, forbidden } from '../../errors';
import { canIssue, forbiddenMessage } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { IssueSubject } from '../../policy/subjects';
import type { ServiceContext } from '../../service-context';
import { issueRowChangeTarget, issueSnapshot, recordChange } from '../changes';
import type { IssueRow } from '../issues';
import { findIssue, issueSubject } from '../issues';
import type { ProjectRow } from '../namespaces';
import { addSystemNote, issueNoteTarget } from '../system-notes';
import { totalTimeSpentOfIssue } from './time-spent-sql';

export interface TimeStats {
  time_estimate: number;
  total_time_spent: number;
}

/** The issue and its policy subject, when the actor may track time on it (Planner and above, as GitLab's admin_issue). */
async function trackableIssue(
  db: Database,
  actor: Actor,
  project: ProjectRow,
  iid: number,
): Promise<{ issue: IssueRow; subject: IssueSubject }> {
  const issue = await findIssue(db, actor, project.id, iid);
  const subject = await issueSubject(db, issue);
  if (!canIssue(actor, 'admin_issue', subject)) throw forbidden(forbiddenMessage(subject.project));
  return { issue, subject };
}

/**
 * Writes a time change in one transaction: `write` logs it and answers its system note; then the
 * change recorder sends what every issue write sends (the webhook's `time_estimate` /
 * `total_time_spent` changes, the live event).
 */
async function recordTimeChange(
  ctx: ServiceContext,
  { issue, subject }: { issue: IssueRow; subject: IssueSubject },
  write: (trx: Executor, before: TimeStats) => Promise<string | null>,
): Promise<TimeStats> {
  return withTransaction(ctx.db, async (trx) => {
    // Serializes concurrent writes on one issue, so two subtractions cannot both pass a check.
    await trx.selectFrom('issues').select('id').where('id', '=', issue.id).forUpdate().execute();
    const before = await statsOf(trx, issue.id);
    const note = await write(trx, before);
    if (note === null) return before;
    await trx.updateTable('issues').set({ updated_at: sql`now()` }).where('id', '=', issue.id).execute();
    await addSystemNote(trx, issueNoteTarget(issue), ctx.actor.id, note);
    const after = await statsOf(trx, issue.id);
    const snapshot = issueSnapshot(issue);
    await recordChange(
      { ...ctx, db: trx },
      issueRowChangeTarget(trx, issue, subject),
      { ...snapshot, ...before },
      {
        ...snapshot,
        ...after,
      },
    );
    return after;
  });
}

function durationOf(text: string, field = 'duration'): number {
  const seconds = parseDuration(text);
  if (seconds === null) throw badRequest(`${field} is invalid: use a duration such as 1w 2d 3h 30m`, field);
  return seconds;
}

async function statsOf(db: Executor, issueId: number): Promise<TimeStats> {
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
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  duration: string | null,
): Promise<TimeStats> {
  const trackable = await trackableIssue(ctx.db, ctx.actor, project, iid);
  const seconds = duration === null || duration.trim() === '0' ? 0 : durationOf(duration);
  if (seconds < 0) throw badRequest('duration is invalid: an estimate cannot be negative', 'duration');
  return recordTimeChange(ctx, trackable, async (trx, before) => {
    if (seconds === before.time_estimate) return null;
    await trx.updateTable('issues').set({ time_estimate: seconds }).where('id', '=', trackable.issue.id).execute();
    return seconds ? `changed time estimate to ${formatDuration(seconds)}` : 'removed time estimate';
  });
}

/**
 * `/spend` and `POST …/add_spent_time`: logs time (negative subtracts). The total may not go below
 * zero, as GitLab refuses.
 */
export async function addSpentTime(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  input: { duration: string; summary?: string /** `/spend 1h 2026-11-20`: the day it was spent. */; spentAt?: string },
): Promise<TimeStats> {
  const trackable = await trackableIssue(ctx.db, ctx.actor, project, iid);
  const seconds = durationOf(input.duration);
  return recordTimeChange(ctx, trackable, async (trx, before) => {
    if (before.total_time_spent + seconds < 0)
      throw badRequest('duration is invalid: total time spent cannot be negative', 'duration');
    await trx
      .insertInto('timelogs')
      .values({
        issue_id: trackable.issue.id,
        user_id: ctx.actor.id,
        time_spent: seconds,
        summary: input.summary ?? '',
        ...(input.spentAt ? { spent_at: new Date(`${input.spentAt}T00:00:00Z`) } : {}),
      })
      .execute();
    return `${seconds > 0 ? 'added' : 'subtracted'} ${formatDuration(Math.abs(seconds))} of time spent`;
  });
}

/** `POST …/reset_spent_time`: removes every log of time spent on the issue. */
export async function resetSpentTime(ctx: ServiceContext, project: ProjectRow, iid: number): Promise<TimeStats> {
  const trackable = await trackableIssue(ctx.db, ctx.actor, project, iid);
  return recordTimeChange(ctx, trackable, async (trx) => {
    const removed = await trx.deleteFrom('timelogs').where('issue_id', '=', trackable.issue.id).executeTakeFirst();
    return Number(removed.numDeletedRows) > 0 ? 'removed time spent' : null;
  });
}
