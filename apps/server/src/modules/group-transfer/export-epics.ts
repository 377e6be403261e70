import { sql } from 'kysely';
import { fullPathOf } from '../namespaces';
import type { ArchiveRecords } from './archive-records';
import { type ExportScope, groupedBy, iso, isoOrNull, mention, pathOf, queryPages } from './export-scope';

/** Epics of the group and its subgroups, with their parent (by group path and iid) and label titles. */
export async function* epicRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['epics']> {
  const { db } = scope;
  for await (const rows of queryPages(
    db
      .selectFrom('epics as e')
      .leftJoin('users as a', 'a.id', 'e.author_id')
      .leftJoin('users as c', 'c.id', 'e.closed_by_id')
      .leftJoin('epics as p', 'p.id', 'e.parent_id')
      .leftJoin('namespaces as pg', 'pg.id', 'p.group_id')
      .selectAll('e')
      .select([
        'a.username as author_username',
        'c.username as closed_by_username',
        'p.iid as parent_iid',
        fullPathOf('pg.traversal_ids').as('parent_group_path'),
      ])
      .where(sql<boolean>`e.group_id IN (${scope.groupIds})`),
    'e.id',
  )) {
    const labels = await db
      .selectFrom('epic_labels as el')
      .innerJoin('labels as l', 'l.id', 'el.label_id')
      .select(['el.epic_id', 'l.title'])
      .where(
        'el.epic_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('l.title')
      .execute();
    const labelsOf = groupedBy(
      labels,
      (l) => l.epic_id,
      (l) => l.title,
    );
    for (const e of rows) {
      yield {
        group_path: pathOf(scope.groupPaths, e.group_id) ?? '',
        iid: e.iid,
        title: e.title,
        description: e.description,
        state: e.state === 'closed' ? 'closed' : 'opened',
        confidential: e.confidential,
        color: e.color,
        author: mention(scope, e.author_id, e.author_username),
        closed_by: mention(scope, e.closed_by_id, e.closed_by_username),
        start_date_is_fixed: e.start_date_is_fixed,
        start_date_fixed: e.start_date_fixed,
        due_date_is_fixed: e.due_date_is_fixed,
        due_date_fixed: e.due_date_fixed,
        start_date: e.start_date,
        end_date: e.due_date,
        relative_position: e.relative_position,
        parent: e.parent_iid === null ? null : { group_path: e.parent_group_path ?? '', iid: e.parent_iid },
        labels: labelsOf.get(e.id) ?? [],
        created_at: iso(e.created_at),
        updated_at: iso(e.updated_at),
        closed_at: isoOrNull(e.closed_at),
      };
    }
  }
}

/** An epic's issues, where both are in the group. */
export async function* epicIssueRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['epic_issues']> {
  for await (const rows of queryPages(
    scope.db
      .selectFrom('epic_issues as ei')
      .innerJoin('epics as e', 'e.id', 'ei.epic_id')
      .innerJoin('issues as i', 'i.id', 'ei.issue_id')
      .select([
        'ei.id',
        'ei.relative_position',
        'ei.created_at',
        'e.group_id',
        'e.iid as epic_iid',
        'i.project_id',
        'i.iid as issue_iid',
      ])
      .where(sql<boolean>`e.group_id IN (${scope.groupIds}) AND i.project_id IN (${scope.projectIds})`),
    'ei.id',
  )) {
    for (const r of rows) {
      yield {
        epic: { group_path: pathOf(scope.groupPaths, r.group_id) ?? '', iid: r.epic_iid },
        issue: { project_path: pathOf(scope.projectPaths, r.project_id) ?? '', iid: r.issue_iid },
        relative_position: r.relative_position,
        created_at: iso(r.created_at),
      };
    }
  }
}
