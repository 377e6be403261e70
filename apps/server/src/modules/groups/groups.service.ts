import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { rejectDuplicate } from '../../db/unique-violation';
import { withTransaction } from '../../db/with-transaction';
import { badRequest, type DomainError, forbidden } from '../../errors';
import { canGroup } from '../../policy/abilities';
import { AccessLevel, visibilityNames } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { getApplicationSettings } from '../application-settings';
import type { IdOrPath } from '../namespaces';
import { assertTopLevelPathAllowed, findGroup, findGroupRow, type GroupRow, groupSubject } from '../namespaces';
import { type DuoSettingsInput, duoSettingsUpdate } from './group-duo.service';
import { type GroupSettingsInput, groupSettingsColumns } from './group-settings';

/** GitLab allows 20 levels of nesting: a top-level group plus 19… we follow the schema: 21 ids at most. */
const MAX_TRAVERSAL_DEPTH = 21;

export interface CreateGroupInput extends GroupSettingsInput {
  name: string;
  path: string;
  parent_id?: number;
  visibility?: number;
  description?: string;
}

export interface UpdateGroupInput extends DuoSettingsInput, GroupSettingsInput {
  name?: string;
  path?: string;
  visibility?: number;
  description?: string;
}

function pathTaken(): DomainError {
  return badRequest('path has already been taken', 'path');
}

/** GitLab's `can_create_group`: admins always; other users while `allow_group_creation_for_users` is on. */
export async function mayCreateTopLevelGroups(db: Database, user: { admin: boolean }): Promise<boolean> {
  return user.admin || (await getApplicationSettings(db)).allow_group_creation_for_users;
}

/** Creates a group; the creator becomes its Owner. */
export async function createGroup(db: Database, actor: Actor | null, input: CreateGroupInput): Promise<GroupRow> {
  const me = requireActor(actor);
  const visibility = input.visibility ?? 0;
  const settings = groupSettingsColumns(input);
  // Top-level groups need the instance switch (admins always may); subgroups need the parent's
  // create_subgroup permission only, as in GitLab.
  if (input.parent_id === undefined && !(await mayCreateTopLevelGroups(db, me))) {
    throw forbidden('403 Forbidden - You don’t have permission to create groups.');
  }
  if (input.parent_id === undefined) assertTopLevelPathAllowed(input.path);
  if (input.parent_id !== undefined) {
    const parent = await findGroup(db, me, { id: input.parent_id });
    if (!canGroup(me, 'create_subgroup', groupSubject(parent))) throw forbidden();
    if (parent.traversal_ids.length >= MAX_TRAVERSAL_DEPTH) {
      throw badRequest('parent_id: subgroups may be nested at most 20 levels deep', 'parent_id');
    }
    if (visibility > parent.visibility_level) {
      throw badRequest(
        `visibility ${visibilityNames[visibility]} is not allowed since the parent group has a ${visibilityNames[parent.visibility_level]} visibility`,
        'visibility',
      );
    }
  }
  const id = await rejectDuplicate(
    () =>
      withTransaction(db, async (trx) => {
        const row = await trx
          .insertInto('namespaces')
          .values({
            type: 'Group',
            name: input.name,
            path: input.path,
            parent_id: input.parent_id ?? null,
            visibility_level: visibility,
            description: input.description ?? '',
            ...settings,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('group_members')
          .values({ group_id: row.id, user_id: me.id, access_level: AccessLevel.OWNER, created_by_id: me.id })
          .execute();
        return row.id;
      }),
    pathTaken,
  );
  const created = await findGroupRow(db, { id });
  if (!created) throw new Error('created group vanished');
  return created;
}

/** Highest visibility among a group's subgroups and the projects below it. */
async function maxDescendantVisibility(db: Database, group: GroupRow): Promise<number> {
  const [groups, projects] = await Promise.all([
    db
      .selectFrom('namespaces as n')
      .select((eb) => eb.fn.max('n.visibility_level').as('m'))
      .where(sql<boolean>`n.traversal_ids @> ARRAY[${group.id}]::int[]`)
      .where('n.id', '<>', group.id)
      .executeTakeFirst(),
    db
      .selectFrom('projects as p')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select((eb) => eb.fn.max('p.visibility_level').as('m'))
      .where(sql<boolean>`n.traversal_ids @> ARRAY[${group.id}]::int[]`)
      .executeTakeFirst(),
  ]);
  return Math.max(Number(groups?.m ?? 0), Number(projects?.m ?? 0));
}

export async function updateGroup(
  db: Database,
  actor: Actor | null,
  idOrPath: IdOrPath,
  input: UpdateGroupInput,
): Promise<GroupRow> {
  const group = await findGroup(db, actor, idOrPath);
  if (!canGroup(actor, 'admin_group', groupSubject(group))) throw forbidden();
  if (input.path !== undefined && group.parent_id === null) assertTopLevelPathAllowed(input.path);
  if (input.visibility !== undefined && input.visibility !== group.visibility_level) {
    if (group.parent_id !== null) {
      const parent = await findGroupRow(db, { id: group.parent_id });
      if (parent && input.visibility > parent.visibility_level) {
        throw badRequest(
          `visibility ${visibilityNames[input.visibility]} is not allowed since the parent group has a ${visibilityNames[parent.visibility_level]} visibility`,
          'visibility',
        );
      }
    }
    if (input.visibility < (await maxDescendantVisibility(db, group))) {
      throw badRequest(
        `visibility ${visibilityNames[input.visibility]} is not allowed since there are subgroups or projects with a higher visibility`,
        'visibility',
      );
    }
  }
  const values = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.path !== undefined ? { path: input.path } : {}),
    ...(input.visibility !== undefined ? { visibility_level: input.visibility } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...groupSettingsColumns(input),
    ...(await duoSettingsUpdate(db, group, input)),
  };
  if (Object.keys(values).length > 0) {
    await rejectDuplicate(
      () =>
        db
          .updateTable('namespaces')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', group.id)
          .execute(),
      pathTaken,
    );
  }
  const updated = await findGroupRow(db, { id: group.id });
  if (!updated) throw new Error('updated group vanished');
  return updated;
}

/** Deletes the group with its subgroups and projects (the schema cascades). */
export async function deleteGroup(db: Database, actor: Actor | null, idOrPath: IdOrPath): Promise<void> {
  const group = await findGroup(db, actor, idOrPath);
  if (!canGroup(actor, 'destroy_group', groupSubject(group))) throw forbidden();
  await db.deleteFrom('namespaces').where('id', '=', group.id).execute();
}
