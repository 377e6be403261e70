import { bulkEntityOf } from './bulk-entity';
import type { BulkImportRow, bulkImportEntities } from './bulk-imports.service';

type EntityRow = Awaited<ReturnType<typeof bulkImportEntities>>[number];

const iso = (date: Date) => date.toISOString();
const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** GitLab's state names of a direct transfer entity: the job's state. */
const statusOf = (row: EntityRow) => row.state;

/**
 * GitLab's bulk import: created until a group starts, started while any runs, finished when all
 * did, failed when all ended and one failed.
 */
function bulkStatus(entities: EntityRow[]): string {
  const states = entities.map(statusOf);
  if (states.length > 0 && states.every((s) => s === 'finished')) return 'finished';
  if (states.length > 0 && states.every((s) => s === 'finished' || s === 'failed')) return 'failed';
  if (states.some((s) => s !== 'created')) return 'started';
  return 'created';
}

export function presentBulkImport(row: BulkImportRow, entities: EntityRow[]) {
  const updated = entities.reduce((latest, e) => (e.updated_at > latest ? e.updated_at : latest), row.updated_at);
  return {
    id: row.id,
    status: bulkStatus(entities),
    source_type: row.source_type,
    source_url: row.source_url,
    created_at: iso(row.created_at),
    updated_at: iso(updated),
    has_failures: entities.some((e) => e.state === 'failed'),
  };
}

/** GitLab's bulk import entity: one group (or one project), with its job's progress under `stats`. */
export function presentBulkImportEntity(row: EntityRow) {
  const counters = (row.counters ?? {}) as Record<string, { done: number; skipped: number; total: number }>;
  const entity = bulkEntityOf(row);
  const failures = row.error
    ? [{ relation: entity.entity, exception_message: row.error, exception_class: 'ImportError' }]
    : [];
  // A project's job holds the group it goes into; a group's, the group it made.
  const destination =
    entity.entity === 'project'
      ? {
          destination_full_path: row.destination_full_path
            ? `${row.destination_full_path}/${entity.destination_slug}`
            : null,
          destination_name: entity.destination_slug,
          destination_slug: entity.destination_slug,
          destination_namespace: row.destination_full_path ?? '',
        }
      : {
          destination_full_path: row.destination_full_path,
          destination_name: row.destination_slug,
          destination_slug: row.destination_slug,
          destination_namespace: row.destination_full_path ? parentOf(row.destination_full_path) : '',
        };
  return {
    id: row.id,
    bulk_import_id: row.bulk_import_id,
    status: statusOf(row),
    entity_type: entity.entity,
    source_full_path: row.source_full_path,
    ...destination,
    parent_id: null,
    namespace_id: row.namespace_id,
    project_id: entity.entity === 'project' ? (row.destination_project_id ?? null) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    failures,
    migrate_projects: true,
    migrate_memberships: true,
    has_failures: failures.length > 0,
    stats: Object.fromEntries(
      Object.entries(counters).map(([kind, c]) => [kind, { source: c.total, fetched: c.total, imported: c.done }]),
    ),
  };
}
