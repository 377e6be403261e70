import { sql } from 'kysely';
import { fullPathOf } from '../namespaces';
import type { ArchiveRecords } from './archive-records';
import { EXPORT_BATCH, type ExportScope, iso, keysetPages, mention, queryPages } from './export-scope';

/**
 * The group, its subgroups (parents before children) and their projects. Their full paths go into
 * the scope as they are read: every later record refers to its group or project by full path.
 */
export async function* groupRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['groups']> {
  const { db } = scope;
  let after = { depth: 0, id: 0 };
  for (;;) {
    const rows = await db
      .selectFrom('namespaces as n')
      .select([
        'n.id',
        'n.path',
        'n.name',
        'n.description',
        'n.visibility_level',
        'n.parent_id',
        'n.created_at',
        'n.updated_at',
        fullPathOf('n.traversal_ids').as('full_path'),
        sql<number>`cardinality(n.traversal_ids)`.as('depth'),
      ])
      .where(sql<boolean>`n.id IN (${scope.groupIds})`)
      .where(sql<boolean>`(cardinality(n.traversal_ids), n.id) > (${after.depth}, ${after.id})`)
      .orderBy(sql`cardinality(n.traversal_ids)`)
      .orderBy('n.id')
      .limit(EXPORT_BATCH)
      .execute();
    for (const row of rows) {
      scope.groupPaths.set(row.id, row.full_path);
      yield {
        full_path: row.full_path,
        path: row.path,
        name: row.name,
        description: row.description,
        visibility_level: row.visibility_level,
        parent_path: row.id === scope.groupId ? null : (scope.groupPaths.get(row.parent_id ?? 0) ?? null),
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
      };
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { depth: Number(last.depth), id: last.id };
  }
}

export async function* projectRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['projects']> {
  for await (const rows of queryPages(
    scope.db
      .selectFrom('projects as p')
      .select([
        'p.id',
        'p.path',
        'p.name',
        'p.namespace_id',
        'p.description',
        'p.visibility_level',
        'p.archived',
        'p.issues_enabled',
        'p.created_at',
        'p.updated_at',
      ])
      .where(sql<boolean>`p.id IN (${scope.projectIds})`),
    'p.id',
  )) {
    for (const row of rows) {
      const namespacePath = scope.groupPaths.get(row.namespace_id) ?? '';
      const fullPath = `${namespacePath}/${row.path}`;
      scope.projectPaths.set(row.id, fullPath);
      yield {
        full_path: fullPath,
        path: row.path,
        name: row.name,
        namespace_path: namespacePath,
        description: row.description,
        visibility_level: row.visibility_level,
        archived: row.archived,
        issues_enabled: row.issues_enabled,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
      };
    }
  }
}

/** Direct members of the group, its subgroups and projects: users by username, email and name. */
export async function* memberRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['members']> {
  const sides = [
    {
      table: 'group_members',
      source: 'group_id',
      scopeIds: scope.groupIds,
      type: 'Namespace',
      paths: scope.groupPaths,
    },
    {
      table: 'project_members',
      source: 'project_id',
      scopeIds: scope.projectIds,
      type: 'Project',
      paths: scope.projectPaths,
    },
  ] as const;
  for (const side of sides) {
    for await (const rows of keysetPages((after) =>
      sql<{
        id: number;
        source_id: number;
        access_level: number;
        expires_at: string | null;
        created_at: Date;
        user_id: number;
        username: string;
        email: string;
        name: string;
      }>`
        SELECT m.id, m.${sql.ref(side.source)} AS source_id, m.access_level, m.expires_at, m.created_at,
               u.id AS user_id, u.username, u.email, u.name
        FROM ${sql.table(side.table)} m JOIN users u ON u.id = m.user_id
        WHERE m.${sql.ref(side.source)} IN (${side.scopeIds}) AND m.id > ${after}
        ORDER BY m.id LIMIT ${EXPORT_BATCH}`
        .execute(scope.db)
        .then((r) => r.rows),
    )) {
      for (const row of rows) {
        mention(scope, row.user_id, row.username);
        yield {
          source_type: side.type,
          source_path: side.paths.get(row.source_id) ?? '',
          access_level: row.access_level,
          expires_at: row.expires_at,
          created_at: iso(row.created_at),
          user: { username: row.username, email: row.email, name: row.name },
        };
      }
    }
  }
}

/** Every user a record mentions (authors, assignees, members…), read last, written first. */
export async function* userRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['users']> {
  const ids = [...scope.users].sort((a, b) => a - b);
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const rows = await scope.db
      .selectFrom('users')
      .select(['username', 'email', 'name', 'state'])
      .where('id', 'in', ids.slice(start, start + EXPORT_BATCH))
      .orderBy('id')
      .execute();
    yield* rows;
  }
}
