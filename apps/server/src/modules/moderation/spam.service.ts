import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { offsetPage } from '../../db/list-page';
import type { SpamLogsTable } from '../../db/schema';
import { forbidden } from '../../errors';
import { canModerate, canSubmitIssueAsSpam } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { findIssue, issueSubject } from '../issues/issues.service';
import type { IdOrPath } from '../namespaces/id-or-path';
import { findProject } from '../namespaces/namespace-lookup.service';

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
