import { request } from '../../lib/api';

/** Another GitLab-compatible instance and the user's access token there. */
export interface SourceConnection {
  url: string;
  access_token: string;
}

export interface SourceGroup {
  id: number;
  name: string;
  full_name: string;
  full_path: string;
  web_url: string | null;
}

export interface SourceGroupsPage {
  groups: SourceGroup[];
  page: number;
  next_page: number | null;
  total: number | null;
}

export interface BulkImportEntity {
  id: number;
  bulk_import_id: number;
  status: string;
  created_at: string;
  failures: Array<{ exception_message: string }>;
  source_full_path: string;
  destination_full_path: string | null;
  namespace_id: number | null;
}

export interface BulkImport {
  id: number;
  status: string;
  source_url: string;
  created_at: string;
}

/** A page of the source's groups the token owns (Meridian's `POST /bulk_imports/source_groups`). */
export async function fetchSourceGroups(source: SourceConnection, page: number, search: string) {
  return (
    await request<SourceGroupsPage>('/api/v4/bulk_imports/source_groups', {
      method: 'POST',
      body: { ...source, page, per_page: 20, ...(search ? { search } : {}) },
    })
  ).data;
}

/** GitLab's `POST /bulk_imports`: one new group per source group, below `parent` (empty: top level). */
export async function startDirectTransfer(
  source: SourceConnection,
  parent: string,
  groups: Array<{ source_full_path: string; destination_slug: string }>,
) {
  return (
    await request<BulkImport>('/api/v4/bulk_imports', {
      method: 'POST',
      body: {
        configuration: source,
        entities: groups.map((g) => ({ source_type: 'group_entity', destination_namespace: parent, ...g })),
      },
    })
  ).data;
}

export async function fetchBulkImportEntities(id: number) {
  return (await request<BulkImportEntity[]>(`/api/v4/bulk_imports/${id}/entities`)).data;
}

export const entityJobPath = (entity: BulkImportEntity) =>
  entity.namespace_id === null ? undefined : `/api/v4/groups/${entity.namespace_id}/import_jobs/${entity.id}`;

/** GitLab's `GET /bulk_imports/entities`: every group the user brought over, newest first. */
export async function fetchImportedGroups(page: number) {
  const { data, headers } = await request<BulkImportEntity[]>(`/api/v4/bulk_imports/entities?page=${page}&per_page=20`);
  const next = Number(headers.get('X-Next-Page'));
  return { entities: data, nextPage: Number.isInteger(next) && next > 0 ? next : null };
}
