import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AccessLevel } from '../../../policy/access-levels';
import type { ArchiveRecords } from '../../group-transfer';
import { recordSeatUsage } from '../../members';
import type { ItemOutcome } from '../importer';
import { type ArchiveImport, insertCreated, type Ref, times } from './archive-context';
import { keys } from './archive-keys';

const ACCESS_LEVELS = new Set<number>(Object.values(AccessLevel).filter((level) => level > 0));
const NOT_IN_ARCHIVE = 'refers to a group or project the import did not create';

/** A username not taken yet: the source's own when free, else with `_placeholder` and a number. */
async function freeUsername(a: ArchiveImport, wanted: string): Promise<string> {
  const base = `${wanted.slice(0, 200)}_placeholder`;
  for (let n = 0; n < 1000; n += 1) {
    const candidate = n === 0 ? base : `${base}_${n}`;
    const taken = await a.ctx.db
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`lower(username) = lower(${candidate})`)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}_${randomUUID().slice(0, 8)}`;
}

/**
 * A person of the source: the user here with the same email, else the same username; otherwise a
 * placeholder user (blocked, no password, never billed) that holds their contributions until an owner
 * reassigns them — GitLab's direct transfer. Recorded per top-level group and source.
 */
export async function importUser(a: ArchiveImport, user: ArchiveRecords['users']): Promise<ItemOutcome> {
  const { db } = a.ctx;
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('placeholder', '=', false)
    .where((eb) =>
      eb.or([
        ...(user.email ? [eb(sql`lower(email)`, '=', user.email.toLowerCase())] : []),
        eb(sql`lower(username)`, '=', user.username.toLowerCase()),
      ]),
    )
    .orderBy(sql`lower(email) = ${user.email.toLowerCase()}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  const id =
    existing?.id ??
    (
      await db
        .insertInto('users')
        .values({
          username: await freeUsername(a, user.username),
          name: user.name || user.username,
          email: `placeholder-${randomUUID()}@placeholder.invalid`,
          password_hash: '',
          state: 'blocked',
          placeholder: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await db
    .insertInto('import_source_users')
    .values({
      namespace_id: a.root.id,
      source_hostname: a.sourceUrl.slice(0, 2048),
      source_username: user.username,
      source_name: user.name,
      user_id: id,
      // GitLab's statuses: a person matched here is reassigned at once; a placeholder awaits an owner.
      status: existing ? 'completed' : 'pending_reassignment',
      placeholder_user_id: existing ? null : id,
    })
    .onConflict((oc) => oc.columns(['namespace_id', 'source_hostname', 'source_username']).doNothing())
    .execute();
  return { created: id };
}

export const groupRefs = (g: ArchiveRecords['groups']): Ref[] =>
  g.parent_path === null ? [] : [{ kind: 'groups', key: keys.group(g.parent_path) }];

/** The archive's top group is the group the import created; its subgroups are made below it, parents first. */
export async function importGroup(a: ArchiveImport, g: ArchiveRecords['groups']): Promise<ItemOutcome> {
  if (g.parent_path === null) {
    await a.ctx.db.updateTable('namespaces').set({ description: g.description }).where('id', '=', a.root.id).execute();
    return { created: a.root.id };
  }
  const parentId = a.id('groups', keys.group(g.parent_path));
  if (parentId === undefined) return { skipped: `parent group ${NOT_IN_ARCHIVE}` };
  return insertCreated(a, 'namespaces', {
    type: 'Group',
    name: g.name,
    path: g.path,
    parent_id: parentId,
    // Never more visible than the group it lands in.
    visibility_level: sql<number>`least(${g.visibility_level}, (SELECT visibility_level FROM namespaces WHERE id = ${parentId}))`,
    description: g.description,
    ...times(g),
  });
}

export const projectRefs = (p: ArchiveRecords['projects']): Ref[] => [
  { kind: 'groups', key: keys.group(p.namespace_path) },
];

export async function importProject(a: ArchiveImport, p: ArchiveRecords['projects']): Promise<ItemOutcome> {
  const namespaceId = a.id('groups', keys.group(p.namespace_path));
  if (namespaceId === undefined) return { skipped: `namespace ${NOT_IN_ARCHIVE}` };
  return insertCreated(a, 'projects', {
    namespace_id: namespaceId,
    creator_id: a.ctx.actor?.id ?? null,
    name: p.name,
    path: p.path,
    visibility_level: sql<number>`least(${p.visibility_level}, (SELECT visibility_level FROM namespaces WHERE id = ${namespaceId}))`,
    description: p.description,
    archived: p.archived,
    issues_enabled: p.issues_enabled,
    ...times(p),
  });
}

export const memberRefs = (m: ArchiveRecords['members']): Ref[] => [
  m.source_type === 'Namespace'
    ? { kind: 'groups', key: keys.group(m.source_path) }
    : { kind: 'projects', key: keys.project(m.source_path) },
  { kind: 'users', key: keys.user(m.user.username) },
];

/**
 * A membership, for a person matched to a user here. A placeholder gets none (GitLab gives it on
 * reassignment); the importing owner keeps their own.
 */
export async function importMember(a: ArchiveImport, m: ArchiveRecords['members']): Promise<ItemOutcome> {
  const sourceId =
    m.source_type === 'Namespace'
      ? a.id('groups', keys.group(m.source_path))
      : a.id('projects', keys.project(m.source_path));
  const userId = a.id('users', keys.user(m.user.username));
  if (sourceId === undefined || userId === undefined) return { skipped: `membership ${NOT_IN_ARCHIVE}` };
  if (!ACCESS_LEVELS.has(m.access_level))
    return { skipped: `access level ${m.access_level} is not one of GitLab's roles` };
  const user = await a.ctx.db.selectFrom('users').select('placeholder').where('id', '=', userId).executeTakeFirst();
  if (!user || user.placeholder) return { skipped: `${m.user.username} has no account here (placeholder user)` };
  const values = {
    user_id: userId,
    access_level: m.access_level,
    expires_at: m.expires_at,
    created_by_id: a.ctx.actor?.id ?? null,
    created_at: new Date(m.created_at),
  };
  const table = m.source_type === 'Namespace' ? 'group_members' : 'project_members';
  const existing =
    table === 'group_members'
      ? await a.ctx.db
          .selectFrom('group_members')
          .select('id')
          .where('group_id', '=', sourceId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : await a.ctx.db
          .selectFrom('project_members')
          .select('id')
          .where('project_id', '=', sourceId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
  if (existing) return { created: existing.id };
  const row =
    table === 'group_members'
      ? await a.ctx.db
          .insertInto('group_members')
          .values({ ...values, group_id: sourceId })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await a.ctx.db
          .insertInto('project_members')
          .values({ ...values, project_id: sourceId })
          .returning('id')
          .executeTakeFirstOrThrow();
  await recordSeatUsage(a.ctx.db, a.root.id);
  return { created: row.id };
}
