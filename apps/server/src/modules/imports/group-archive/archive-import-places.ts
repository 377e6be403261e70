import { sql } from 'kysely';
import type { ArchiveRecords } from '../../group-transfer';
import type { ItemOutcome } from '../importer';
import { type SourcePerson, usersForSourcePeople } from '../source-people';
import { type ArchiveImport, insertCreated, type Ref, type RowsWriter, times } from './archive-context';
import { keys } from './archive-keys';

export const NOT_IN_ARCHIVE = 'refers to a group or project the import did not create';

/**
 * The people of the source: matched to users here by email, then username, or placeholder users
 * (`usersForSourcePeople`), recorded per top-level group and source; a batch in a handful of statements.
 */
export const userRows: RowsWriter<ArchiveRecords['users'], SourcePerson> = {
  shape: (_a, user) => ({
    sourceId: user.username,
    username: user.username,
    email: user.email || null,
    name: user.name,
  }),
  write: async (a, people) =>
    (await usersForSourcePeople(a.ctx.db, { namespaceId: a.root.id, sourceHostname: a.sourceUrl }, people)).map(
      (user) => user.id,
    ),
};

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
