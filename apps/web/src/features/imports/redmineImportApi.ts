import type { RedmineTextFormatting, RedmineWorkItemType } from '@meridian/domain';
import { encodeId, request } from '../../lib/api';
import type { ImportJob, SkippedRow } from './importCsvApi';

export interface RedmineConnection {
  url: string;
  api_key: string;
}

export interface RedminePreview {
  url: string;
  user: { login: string; admin: boolean };
  projects: Array<{
    id: number;
    identifier: string;
    name: string;
    parent_id: number | null;
    chosen: boolean;
    imported: boolean;
  }>;
  trackers: Array<{ id: number; name: string; type: RedmineWorkItemType }>;
  types: RedmineWorkItemType[];
}

export interface StartedRedmineImport {
  id: number;
  full_path: string;
  import_job: ImportJob;
}

const base = (group: string) => `/api/v4/groups/${encodeId(group)}/import/redmine`;

/** Reads the Redmine's projects and trackers with the key: the mapping to show before starting. */
export async function previewRedmineImport(group: string, input: RedmineConnection & { projects?: string[] }) {
  return (await request<RedminePreview>(`${base(group)}/preview`, { method: 'POST', body: input })).data;
}

export async function startRedmineImport(
  group: string,
  input: RedmineConnection & {
    projects: string[];
    trackers: Record<string, RedmineWorkItemType>;
    text_formatting: RedmineTextFormatting;
  },
) {
  return (await request<StartedRedmineImport>(base(group), { method: 'POST', body: input })).data;
}

export const redmineJobPath = (groupId: number, jobId: number) => `/api/v4/groups/${groupId}/import_jobs/${jobId}`;

export async function fetchRedmineSkips(groupId: number, jobId: number): Promise<SkippedRow[]> {
  return (await request<SkippedRow[]>(`${redmineJobPath(groupId, jobId)}/skipped?per_page=100`)).data;
}
