import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { likePattern } from '../../db/like-pattern';
import { offsetPage, type PageParams } from '../../db/list-page';
import { notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { listableUserStates, type UserState } from './listable-user-states';
import type { UserRow } from './user.presenter';

export interface UserFilters {
  search?: string;
  username?: string;
  active?: boolean;
  blocked?: boolean;
  order_by: 'id' | 'name' | 'username' | 'created_at' | 'updated_at';
  sort: 'asc' | 'desc';
}

/**
 * `GET /users`: anyone may list users (as on a public GitLab instance); blocked and banned users are
 * shown to admins only. `search` matches username or name (substring); for an admin also the exact
 * email. Emails are private (there is no public email), so nobody else can map an email to an account.
 */
export async function listUsers(
  db: Database,
  actor: Actor | null,
  filters: UserFilters,
  page: PageParams,
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users').where('state', 'in', listableUserStates(actor));
  if (filters.username) query = query.where(sql`lower(username)`, '=', filters.username.toLowerCase());
  if (filters.search) {
    const term = filters.search.trim();
    const like = likePattern(term);
    query = query.where((eb) =>
      eb.or([
        eb('username', 'ilike', like),
        eb('name', 'ilike', like),
        ...(actor?.admin ? [eb(sql`lower(email)`, '=', term.toLowerCase())] : []),
      ]),
    );
  }
  if (filters.active) query = query.where('state', '=', 'active');
  if (filters.blocked) query = query.where('state', '=', 'blocked');
  return offsetPage(
    db,
    query.selectAll().orderBy(filters.order_by, filters.sort).orderBy('id', filters.sort),
    query.select(sql`1`.as('one')),
    { page: page.page, perPage: page.per_page },
  );
}

/** One user by id; 404 when unknown (or banned, for non-admins). */
export async function getUser(db: Database, actor: Actor | null, id: number): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user || (user.state === 'banned' && !actor?.admin && actor?.id !== user.id)) throw notFound('User');
  return user;
}

/**
 * Sets a user's state (GitLab's block, ban, unban, activate). Blocked and banned users can no longer
 * sign in or use their tokens (the auth plugin accepts active users only); a banned user's issues
 * are hidden from everyone but admins (`issueNotHidden` in the policy).
 */
export async function setUserState(db: Executor, userId: number, state: UserState): Promise<void> {
  await db.updateTable('users').set({ state, updated_at: new Date() }).where('id', '=', userId).execute();
}
