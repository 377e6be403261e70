import { sql } from 'kysely';
import { cadenceSchedule } from '../iterations';
import type { ArchiveRecords } from './archive-records';
import { type ExportScope, iso, pathOf, queryPages } from './export-scope';

const ownedByScope = (scope: ExportScope, alias: string) =>
  sql<boolean>`(${sql.ref(`${alias}.group_id`)} IN (${scope.groupIds}) OR ${sql.ref(`${alias}.project_id`)} IN (${scope.projectIds}))`;

export async function* labelRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['labels']> {
  for await (const rows of queryPages(
    scope.db.selectFrom('labels as l').selectAll('l').where(ownedByScope(scope, 'l')),
    'l.id',
  )) {
    for (const l of rows) {
      yield {
        group_path: pathOf(scope.groupPaths, l.group_id),
        project_path: pathOf(scope.projectPaths, l.project_id),
        title: l.title,
        color: l.color,
        text_color: l.text_color,
        description: l.description,
        priority: l.priority,
        created_at: iso(l.created_at),
        updated_at: iso(l.updated_at),
      };
    }
  }
}

export async function* milestoneRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['milestones']> {
  for await (const rows of queryPages(
    scope.db.selectFrom('milestones as m').selectAll('m').where(ownedByScope(scope, 'm')),
    'm.id',
  )) {
    for (const m of rows) {
      yield {
        group_path: pathOf(scope.groupPaths, m.group_id),
        project_path: pathOf(scope.projectPaths, m.project_id),
        iid: m.iid,
        title: m.title,
        description: m.description,
        state: m.state === 'closed' ? 'closed' : 'active',
        start_date: m.start_date,
        due_date: m.due_date,
        created_at: iso(m.created_at),
        updated_at: iso(m.updated_at),
      };
    }
  }
}

export async function* cadenceRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['iterations_cadences']> {
  for await (const rows of queryPages(
    scope.db
      .selectFrom('iterations_cadences as c')
      .selectAll('c')
      .where(sql<boolean>`c.group_id IN (${scope.groupIds})`),
    'c.id',
  )) {
    for (const c of rows) {
      yield {
        id: c.id,
        group_path: pathOf(scope.groupPaths, c.group_id) ?? '',
        title: c.title,
        description: c.description,
        ...cadenceSchedule(c),
        created_at: iso(c.created_at),
        updated_at: iso(c.updated_at),
      };
    }
  }
}

export async function* iterationRecords(scope: ExportScope): AsyncGenerator<ArchiveRecords['iterations']> {
  for await (const rows of queryPages(
    scope.db.selectFrom('iterations as i').selectAll('i').where(sql<boolean>`i.group_id IN (${scope.groupIds})`),
    'i.id',
  )) {
    for (const i of rows) {
      yield {
        group_path: pathOf(scope.groupPaths, i.group_id) ?? '',
        iid: i.iid,
        iterations_cadence_id: i.iterations_cadence_id,
        sequence: i.sequence,
        title: i.title,
        description: i.description,
        start_date: i.start_date,
        due_date: i.due_date,
        created_at: iso(i.created_at),
        updated_at: iso(i.updated_at),
      };
    }
  }
}
