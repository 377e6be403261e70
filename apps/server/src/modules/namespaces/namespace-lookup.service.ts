import { isProjectCreationLevel, isSubgroupCreationLevel } from '@meridian/domain';
import { type InferResult, type RawBuilder, type Selectable, sql } from 'kysely';
import type { ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import type { NamespacesTable, ProjectsTable } from '../../db/schema';
import { notFound } from '../../errors';
import { canGroup, canProject } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { GroupSubject, ProjectSubject } from '../../policy/subjects';
import { trimSlashes } from './full-path';
import type { IdOrPath } from './id-or-path';

/**
 * A namespaces row (type 'Group') with its full path ('acme/platform'), full name ('Acme / Platform')
 * and whether its notification emails are on, its ancestors' settings considered.
 */
export type GroupRow = Selectable<NamespacesTable> & {
  full_path: string;
  full_name: string;
  emails_enabled_in_force: boolean;
};

/** A projects row with what the policy and the presenters need from its namespace. */
export type ProjectRow = Selectable<ProjectsTable> & {
  /** traversal_ids of the project's namespace (ancestors then the namespace itself). */
  namespace_traversal_ids: number[];
  namespace_name: string;
  namespace_path: string;
  /** 'Group' or 'User'. */
  namespace_type: string;
  namespace_parent_id: number | null;
  namespace_avatar_url: string | null;
  namespace_full_path: string;
  namespace_full_name: string;
  /** path_with_namespace: 'acme/platform/web'. */
  full_path: string;
  /** name_with_namespace: 'Acme / Platform / Web'. */
  full_name: string;
};

/**
 * The full path of a namespace from its traversal_ids column, in ONE correlated sub-query (no N+1):
 * `fullPathOf('n.traversal_ids')` → 'acme/platform/api'. Use inside `.select(fullPathOf(...).as('x'))`
 * or in a where clause.
 */
export function fullPathOf(traversalIdsRef: string): RawBuilder<string> {
  return sql<string>`(SELECT string_agg(a.path, '/' ORDER BY t.ord) FROM unnest(${sql.ref(traversalIdsRef)}) WITH ORDINALITY AS t(id, ord) JOIN namespaces a ON a.id = t.id)`;
}

/** Like fullPathOf, with names joined by ' / ' (GitLab's full_name / name_with_namespace). */
export function fullNameOf(traversalIdsRef: string): RawBuilder<string> {
  return sql<string>`(SELECT string_agg(a.name, ' / ' ORDER BY t.ord) FROM unnest(${sql.ref(traversalIdsRef)}) WITH ORDINALITY AS t(id, ord) JOIN namespaces a ON a.id = t.id)`;
}

/** Full paths of many namespaces at once: Map id → 'acme/platform'. One query. */
export async function fullPathsOfNamespaces(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('namespaces as n')
    .select(['n.id', fullPathOf('n.traversal_ids').as('full_path')])
    .where('n.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.full_path]));
}

/**
 * The full paths of the namespaces whose ids the `sources` select (one id column each, UNIONed):
 * the ids of a page's rows and of what they link to, resolved in the same statement.
 */
export function fullPathsQuery(db: Database, sources: RawBuilder<unknown>[]) {
  return db
    .selectFrom('namespaces as n')
    .select(['n.id', fullPathOf('n.traversal_ids').as('full_path')])
    .where(sql<boolean>`n.id IN (${sql.join(sources, sql` UNION `)})`);
}

/**
 * Whether a namespace's notification emails are on: its own `emails_enabled` and every ancestor's
 * (GitLab's cascading `emails_disabled`: any false above turns them off below).
 */
export function emailsEnabledOf(traversalIdsRef: string): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM namespaces e WHERE e.id = ANY(${sql.ref(traversalIdsRef)}) AND NOT e.emails_enabled)`;
}

/** Select base for groups with full_path/full_name and the emails setting in force; alias `n`. */
export function groupQuery(db: Database) {
  return db
    .selectFrom('namespaces as n')
    .selectAll('n')
    .select([
      fullPathOf('n.traversal_ids').as('full_path'),
      fullNameOf('n.traversal_ids').as('full_name'),
      emailsEnabledOf('n.traversal_ids').as('emails_enabled_in_force'),
    ])
    .where('n.type', '=', 'Group');
}

/** Select base for projects with their namespace data; aliases `p` (project) and `n` (namespace). */
export function projectQuery(db: Database) {
  return db
    .selectFrom('projects as p')
    .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
    .selectAll('p')
    .select([
      'n.traversal_ids as namespace_traversal_ids',
      'n.name as namespace_name',
      'n.path as namespace_path',
      'n.type as namespace_type',
      'n.parent_id as namespace_parent_id',
      'n.avatar_url as namespace_avatar_url',
      fullPathOf('n.traversal_ids').as('namespace_full_path'),
      fullNameOf('n.traversal_ids').as('namespace_full_name'),
      sql<string>`${fullPathOf('n.traversal_ids')} || '/' || p.path`.as('full_path'),
      sql<string>`${fullNameOf('n.traversal_ids')} || ' / ' || p.name`.as('full_name'),
    ]);
}

/** The groups of `ids` (no permission check: the caller asks the policy), as a batch read. */
export function groupRowsByIds(db: Database, ids: readonly number[], read: ReadRows) {
  const query = groupQuery(db).where('n.id', 'in', ids);
  return read<InferResult<typeof query>[number]>(query);
}

/** The projects of `ids` (no permission check: the caller asks the policy), as a batch read. */
export function projectRowsByIds(db: Database, ids: readonly number[], read: ReadRows) {
  const query = projectQuery(db).where('p.id', 'in', ids);
  return read<InferResult<typeof query>[number]>(query);
}

export function groupSubject(
  row: Pick<GroupRow, 'id' | 'traversal_ids' | 'visibility_level'> &
    Partial<Pick<GroupRow, 'project_creation_level' | 'subgroup_creation_level'>>,
): GroupSubject {
  return {
    kind: 'group',
    id: row.id,
    traversalIds: row.traversal_ids,
    visibilityLevel: row.visibility_level,
    projectCreationLevel: isProjectCreationLevel(row.project_creation_level) ? row.project_creation_level : undefined,
    subgroupCreationLevel: isSubgroupCreationLevel(row.subgroup_creation_level)
      ? row.subgroup_creation_level
      : undefined,
  };
}

export function projectSubject(
  row: Pick<ProjectRow, 'id' | 'namespace_traversal_ids' | 'visibility_level'>,
): ProjectSubject {
  return {
    kind: 'project',
    id: row.id,
    namespaceTraversalIds: row.namespace_traversal_ids,
    visibilityLevel: row.visibility_level,
  };
}

function splitPath(fullPath: string): { parent: string; last: string } {
  const trimmed = trimSlashes(fullPath);
  const i = trimmed.lastIndexOf('/');
  return i < 0 ? { parent: '', last: trimmed } : { parent: trimmed.slice(0, i), last: trimmed.slice(i + 1) };
}

/** A group by id or full path (case-insensitive), without any permission check; undefined when missing. */
export async function findGroupRow(db: Database, idOrPath: IdOrPath): Promise<GroupRow | undefined> {
  let q = groupQuery(db);
  if ('id' in idOrPath) {
    q = q.where('n.id', '=', idOrPath.id);
  } else {
    const { last } = splitPath(idOrPath.fullPath);
    q = q
      .where(sql<string>`lower(n.path)`, '=', last.toLowerCase())
      .where(sql<string>`lower(${fullPathOf('n.traversal_ids')})`, '=', idOrPath.fullPath.toLowerCase());
  }
  return q.executeTakeFirst();
}

/** A project by id or full path ('acme/web'), without any permission check; undefined when missing. */
export async function findProjectRow(db: Database, idOrPath: IdOrPath): Promise<ProjectRow | undefined> {
  let q = projectQuery(db);
  if ('id' in idOrPath) {
    q = q.where('p.id', '=', idOrPath.id);
  } else {
    const { parent, last } = splitPath(idOrPath.fullPath);
    if (!parent) return undefined;
    q = q
      .where(sql<string>`lower(p.path)`, '=', last.toLowerCase())
      .where(sql<string>`lower(${fullPathOf('n.traversal_ids')})`, '=', parent.toLowerCase());
  }
  return q.executeTakeFirst();
}

/** The group, or 404 `{"message":"404 Group Not Found"}` when it is missing or the actor may not read it. */
export async function findGroup(db: Database, actor: Actor | null, idOrPath: IdOrPath): Promise<GroupRow> {
  const row = await findGroupRow(db, idOrPath);
  if (!row || !canGroup(actor, 'read_group', groupSubject(row))) throw notFound('Group');
  return row;
}

/** The project, or 404 `{"message":"404 Project Not Found"}` when it is missing or unreadable. */
export async function findProject(db: Database, actor: Actor | null, idOrPath: IdOrPath): Promise<ProjectRow> {
  const row = await findProjectRow(db, idOrPath);
  if (!row || !canProject(actor, 'read_project', projectSubject(row))) throw notFound('Project');
  return row;
}
