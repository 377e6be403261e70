import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connection';
import { offsetPage } from '../../db/list-page';
import type { AbuseReportsTable } from '../../db/schema';
import { rejectDuplicate } from '../../db/unique-violation';
import { badRequest, DomainError, notFound, unprocessable } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor, requireAdmin } from '../../policy/require-actor';
import type { UserState } from '../users';
import { getUser, setUserState } from '../users';
import type {
  AbuseReportAction,
  CreateAbuseReportInput,
  ListAbuseReportsInput,
  UpdateAbuseReportInput,
} from './abuse-report-params';

export type AbuseReportRow = Selectable<AbuseReportsTable>;

/** The user state each action on the reported user leaves (GitLab: block, ban, and trust = unban/activate). */
const STATE_AFTER: Record<Exclude<AbuseReportAction, 'close'>, UserState> = {
  block_user: 'blocked',
  ban_user: 'banned',
  trust_user: 'active',
};

/** GitLab's answer to a second report by the same reporter on the same user in the same category. */
export const ALREADY_REPORTED = 'You have already reported this user';

/**
 * A signed-in user reports another user to the instance's administrators (IE §2.4, IE-20). The
 * reported user must be one the reporter may see (404 otherwise, as a missing one); nobody reports
 * themselves; one report per reporter, reported user and category, open or closed (GitLab's
 * uniqueness validation; the database's unique index decides, so two concurrent posts store one): 400.
 */
export async function createAbuseReport(
  db: Database,
  actor: Actor | null,
  input: CreateAbuseReportInput,
): Promise<AbuseReportRow> {
  const reporter = requireActor(actor);
  const reported = await getUser(db, reporter, input.user_id);
  if (reported.id === reporter.id) throw unprocessable('You cannot report yourself.', 'user_id');
  return rejectDuplicate(
    () =>
      db
        .insertInto('abuse_reports')
        .values({
          reporter_id: reporter.id,
          user_id: reported.id,
          category: input.abuse_report.category,
          reported_from_url: input.abuse_report.reported_from_url,
          message: input.abuse_report.message,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    () => badRequest(ALREADY_REPORTED, 'user_id'),
  );
}

/** Instance admins only: 401 anonymous, 403 anyone else (as GitLab's admin API). */
const requireModerator = requireAdmin;

/** The admin queue: open reports first, newest first, filtered by status, category and reported user. */
export async function listAbuseReports(
  db: Database,
  actor: Actor | null,
  input: ListAbuseReportsInput,
): Promise<{ rows: AbuseReportRow[]; total: number }> {
  requireModerator(actor);
  let base = db.selectFrom('abuse_reports as r');
  if (input.status) base = base.where('r.status', '=', input.status);
  if (input.category) base = base.where('r.category', '=', input.category);
  if (input.user_id) base = base.where('r.user_id', '=', input.user_id);
  if (input.user) {
    const username = input.user;
    base = base.where('r.user_id', 'in', (q) =>
      q.selectFrom('users').select('id').where(sql`lower(username)`, '=', username.toLowerCase()),
    );
  }
  return offsetPage(
    db,
    base.selectAll('r').orderBy(sql`r.status = 'open'`, 'desc').orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'),
    base.select(sql`1`.as('one')),
    { page: input.page, perPage: input.per_page },
  );
}

export async function getAbuseReport(db: Database, actor: Actor | null, id: number): Promise<AbuseReportRow> {
  requireModerator(actor);
  const row = await db.selectFrom('abuse_reports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Abuse report');
  return row;
}

/**
 * Reopens or closes a report, or acts on the reported user (block, ban, trust), which closes it and
 * records what was done. Admins are never blocked or banned from here.
 */
export async function updateAbuseReport(
  db: Database,
  actor: Actor | null,
  id: number,
  input: UpdateAbuseReportInput,
): Promise<AbuseReportRow> {
  const admin = requireModerator(actor);
  const report = await getAbuseReport(db, admin, id);
  const action = input.user_action;
  return db.transaction().execute(async (trx) => {
    if (action && action !== 'close') {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'admin'])
        .where('id', '=', report.user_id)
        .executeTakeFirst();
      if (!user) throw notFound('User');
      if (user.admin && action !== 'trust_user')
        throw new DomainError('forbidden', '403 Forbidden - You cannot block or ban an administrator');
      await setUserState(trx, user.id, STATE_AFTER[action]);
    }
    const closing = action !== undefined || input.status === 'closed';
    return trx
      .updateTable('abuse_reports')
      .set(
        closing
          ? {
              status: 'closed',
              resolved_by_id: admin.id,
              resolved_at: new Date(),
              resolution: action ?? 'close',
              updated_at: new Date(),
            }
          : { status: 'open', resolved_by_id: null, resolved_at: null, resolution: null, updated_at: new Date() },
      )
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function deleteAbuseReport(db: Database, actor: Actor | null, id: number): Promise<void> {
  const admin = requireModerator(actor);
  await getAbuseReport(db, admin, id);
  await db.deleteFrom('abuse_reports').where('id', '=', id).execute();
}
