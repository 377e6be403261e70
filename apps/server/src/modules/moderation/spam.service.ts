import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { offsetPage } from '../../db/list-page';
import type { SpamLogsTable } from '../../db/schema';
import { DomainError, forbidden, notFound } from '../../errors';
import { canModerate, canSubmitIssueAsSpam } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { findIssue, issueSubject } from '../issues';
import type { IdOrPath } from '../namespaces';
import { findProject } from '../namespaces';
import { setUserState } from '../users';
import { removeUserAndContributions } from './user-removal';

export type SpamLogRow = Selectable<SpamLogsTable>;

const TITLE_MAX = 255;
const DESCRIPTION_MAX = 4096;

/**
 * "Submit as spam" (IE §2.1, IE-22): an instance admin hides the issue from everyone else, as a
 * banned author's issues are, and a spam_logs row keeps who wrote it and what it said. Submitting an
 * issue already hidden as spam changes nothing. 404 when the issue is missing or unreadable, 403 for
 * a reader who is not an admin.
 */
export async function submitIssueAsSpam(
  db: Database,
  actor: Actor | null,
  project: IdOrPath,
  iid: number,
): Promise<{ projectId: number; iid: number }> {
  const admin = requireActor(actor);
  const p = await findProject(db, admin, project);
  const issue = await findIssue(db, admin, p.id, iid);
  if (!canSubmitIssueAsSpam(admin, await issueSubject(db, issue))) throw forbidden();
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('issues')
      .set({ hidden_as_spam: true })
      .where('id', '=', issue.id)
      .where('hidden_as_spam', '=', false)
      .returning('id')
      .executeTakeFirst();
    if (!marked) return;
    await trx
      .insertInto('spam_logs')
      .values({
        user_id: issue.author_id,
        noteable_type: 'Issue',
        noteable_id: issue.id,
        title: issue.title.slice(0, TITLE_MAX),
        description: issue.description.slice(0, DESCRIPTION_MAX),
        submitted_by_id: admin.id,
      })
      .execute();
  });
  return { projectId: p.id, iid: issue.iid };
}

/** `GET /admin/spam_logs`: newest first, instance admins only. */
export async function listSpamLogs(
  db: Database,
  actor: Actor | null,
  page: { page: number; per_page: number },
): Promise<{ rows: SpamLogRow[]; total: number }> {
  if (!canModerate(requireActor(actor))) throw forbidden();
  const base = db.selectFrom('spam_logs');
  return offsetPage(
    db,
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    base.select(sql`1`.as('one')),
    {
      page: page.page,
      perPage: page.per_page,
    },
  );
}

/** What an admin does to a spam log's author from Admin › Spam logs (besides removing them). */
export type SpamLogUserAction = 'block_user' | 'trust_user';

const STATE_AFTER: Record<SpamLogUserAction, 'blocked' | 'active'> = { block_user: 'blocked', trust_user: 'active' };

/** One spam log (admins only: 403 for others); 404 when there is none with that id. */
export async function getSpamLog(db: Database, actor: Actor | null, id: number): Promise<SpamLogRow> {
  if (!canModerate(requireActor(actor))) throw forbidden();
  const row = await db.selectFrom('spam_logs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Spam log');
  return row;
}

/** The log's author, who must still exist and (to be blocked or removed) must not be an admin. */
async function spamLogAuthor(db: Executor, log: SpamLogRow, action: SpamLogUserAction | 'remove_user') {
  const user =
    log.user_id === null
      ? undefined
      : await db.selectFrom('users').select(['id', 'admin']).where('id', '=', log.user_id).executeTakeFirst();
  if (!user) throw notFound('User');
  if (user.admin && action !== 'trust_user') {
    throw new DomainError('forbidden', '403 Forbidden - You cannot block or remove an administrator');
  }
  return user;
}

/**
 * "Block user" (they can no longer sign in or use the API) or "Trust user" (active again: unblocked,
 * unbanned) on a spam log's author. The log stays.
 */
export async function actOnSpamLogUser(
  db: Database,
  actor: Actor | null,
  id: number,
  action: SpamLogUserAction,
): Promise<SpamLogRow> {
  const log = await getSpamLog(db, actor, id);
  const user = await spamLogAuthor(db, log, action);
  await setUserState(db, user.id, STATE_AFTER[action]);
  return log;
}

/**
 * "Remove log", or with `removeUser` GitLab's "Remove user": the author and everything they wrote
 * are deleted (hard delete), then the log (as GitLab's `DELETE /admin/spam_logs/:id?remove_user=true`).
 */
export async function deleteSpamLog(
  db: Database,
  actor: Actor | null,
  id: number,
  opts: { removeUser: boolean },
): Promise<void> {
  const log = await getSpamLog(db, actor, id);
  await db.transaction().execute(async (trx) => {
    if (opts.removeUser) {
      const user = await spamLogAuthor(trx, log, 'remove_user');
      await removeUserAndContributions(trx, user.id);
    }
    await trx.deleteFrom('spam_logs').where('id', '=', id).execute();
  });
}
