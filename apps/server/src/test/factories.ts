import { type Insertable, sql } from 'kysely';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { createSession } from '../auth/sessions.service';
import { digest, newPersonalAccessToken } from '../auth/token-digest';
import type { Database } from '../db/connection';
import type { MilestonesTable } from '../db/schema';
import { AccessLevel } from '../policy/access-levels';

/**
 * Direct inserts for test set-up. Tests exercise behaviour through the HTTP API; these only
 * build the world the test starts from.
 */
let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};

export async function createUser(
  db: Database,
  attrs: { username?: string; name?: string; admin?: boolean; state?: string } = {},
) {
  const n = next();
  const username = attrs.username ?? `user${n}`;
  return db
    .insertInto('users')
    .values({
      username,
      name: attrs.name ?? `User ${n}`,
      email: `${username}@example.com`,
      // Not a valid hash: these users sign in with tokens, not passwords.
      password_hash: '!',
      admin: attrs.admin ?? false,
      state: attrs.state ?? 'active',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A personal access token for the user; returns the plain token for the PRIVATE-TOKEN header. */
export async function createToken(db: Database, userId: number, scopes: string[] = ['api']) {
  const token = newPersonalAccessToken();
  await db
    .insertInto('personal_access_tokens')
    .values({ user_id: userId, name: 'test', token_digest: digest(token), scopes })
    .execute();
  return token;
}

/** A signed-in browser session of the user: the cookies to send and the CSRF token a cookie write needs. */
export async function createCookieSession(db: Database, userId: number) {
  const session = await createSession(db, userId, { ttlDays: 1 });
  return { cookies: { [SESSION_COOKIE]: session.secret }, csrfToken: session.csrfToken };
}

export async function createGroup(
  db: Database,
  attrs: { path?: string; name?: string; parentId?: number | null; visibility?: 0 | 10 | 20 } = {},
) {
  const n = next();
  const path = attrs.path ?? `group${n}`;
  return db
    .insertInto('namespaces')
    .values({
      type: 'Group',
      name: attrs.name ?? path,
      path,
      parent_id: attrs.parentId ?? null,
      visibility_level: attrs.visibility ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createProject(
  db: Database,
  attrs: { namespaceId: number; path?: string; name?: string; visibility?: 0 | 10 | 20 },
) {
  const n = next();
  const path = attrs.path ?? `project${n}`;
  return db
    .insertInto('projects')
    .values({
      namespace_id: attrs.namespaceId,
      name: attrs.name ?? path,
      path,
      visibility_level: attrs.visibility ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addGroupMember(db: Database, groupId: number, userId: number, accessLevel: number) {
  await db
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, access_level: accessLevel })
    .execute();
}

export async function addProjectMember(db: Database, projectId: number, userId: number, accessLevel: number) {
  await db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, access_level: accessLevel })
    .execute();
}

/**
 * `count` plain open issues in a project in ONE insert (iids `firstIid`…, titles `<prefix> <n>`), for
 * tests of long lists; their iids bypass the project's iid counter, so start them above any it gives.
 */
export async function createIssuesInBulk(
  db: Database,
  attrs: { projectId: number; authorId: number; count: number; firstIid?: number; titlePrefix?: string },
): Promise<void> {
  const first = attrs.firstIid ?? 100_000;
  const prefix = attrs.titlePrefix ?? 'Bulk issue';
  await sql`INSERT INTO issues (project_id, iid, title, author_id)
    SELECT ${attrs.projectId}::int, ${first}::int + g - 1, ${prefix}::text || ' ' || g, ${attrs.authorId}::int
    FROM generate_series(1, ${attrs.count}::int) g`.execute(db);
}

/** A project or group milestone; answers its id. */
export async function createMilestone(db: Database, values: Insertable<MilestonesTable>): Promise<number> {
  const row = await db.insertInto('milestones').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Adds each user of `levels` (user id → access level) to the group, in order. */
export async function addGroupMembers(db: Database, groupId: number, levels: ReadonlyArray<[number, number]>) {
  for (const [userId, accessLevel] of levels) await addGroupMember(db, groupId, userId, accessLevel);
}

/**
 * One user per role (username `${prefix}${role}`), in order, each a member of the group at the role's
 * access level and with a personal access token; their ids and tokens by role.
 */
export async function createGroupMembers<R extends string>(
  db: Database,
  groupId: number,
  prefix: string,
  roles: ReadonlyArray<readonly [R, number]>,
): Promise<{ users: Record<R, number>; tokens: Record<R, string> }> {
  const users = {} as Record<R, number>;
  const tokens = {} as Record<R, string>;
  for (const [role, level] of roles) {
    const user = await createUser(db, { username: `${prefix}${role}` });
    users[role] = user.id;
    await addGroupMember(db, groupId, user.id, level);
    tokens[role] = await createToken(db, user.id);
  }
  return { users, tokens };
}

/** A public group `groupPath` with a public project `open`. */
export async function createPublicGroupProject(db: Database, groupPath: string) {
  const group = await createGroup(db, { path: groupPath, visibility: 20 });
  const project = await createProject(db, { namespaceId: group.id, path: 'open', visibility: 20 });
  return { group, project };
}

/**
 * A public group `publicPath` with a public project `web`, and a private group `privatePath` with a
 * private project `app`: `users.owner` owns both groups, `users.reporter` and `users.guest` are
 * members of the public one only.
 */
export async function createPublicAndPrivateProjects(
  db: Database,
  paths: { publicPath: string; privatePath: string },
  users: { owner: number; reporter: number; guest: number },
) {
  const group = await createGroup(db, { path: paths.publicPath, visibility: 20 });
  const project = await createProject(db, { namespaceId: group.id, path: 'web', visibility: 20 });
  const hiddenGroup = await createGroup(db, { path: paths.privatePath, visibility: 0 });
  const hiddenProject = await createProject(db, { namespaceId: hiddenGroup.id, path: 'app', visibility: 0 });
  for (const id of [group.id, hiddenGroup.id]) await addGroupMember(db, id, users.owner, AccessLevel.OWNER);
  await addGroupMember(db, group.id, users.reporter, AccessLevel.REPORTER);
  await addGroupMember(db, group.id, users.guest, AccessLevel.GUEST);
  return { group, project, hiddenGroup, hiddenProject };
}
