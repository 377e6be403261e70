import { apiGet, apiPath, encodeId, request } from '../../lib/api';

/** One entry of `GET /groups/:id/export_relations/status`: 0 started, 1 finished, -1 failed. */
export interface ExportRelationStatus {
  relation: string;
  status: 0 | 1 | -1;
  error: string | null;
  updated_at: string;
}

export type GroupExportState = 'none' | 'started' | 'finished' | 'failed';

const base = (fullPath: string) => `/groups/${encodeId(fullPath)}`;

/** The signed-in owner's export of the group, from its relations' statuses. */
export async function fetchGroupExportState(fullPath: string, signal?: AbortSignal): Promise<GroupExportState> {
  const statuses = await apiGet<ExportRelationStatus[]>(apiPath(`${base(fullPath)}/export_relations/status`), signal);
  if (statuses.length === 0) return 'none';
  if (statuses.some((s) => s.status === -1)) return 'failed';
  return statuses.every((s) => s.status === 1) ? 'finished' : 'started';
}

export async function startGroupExport(fullPath: string): Promise<void> {
  await request(apiPath(`${base(fullPath)}/export`), { method: 'POST' });
}

/** The archive's address: a plain link, so the browser downloads it with the session. */
export const groupExportDownloadPath = (fullPath: string) => apiPath(`${base(fullPath)}/export/download`);
