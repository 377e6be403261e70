import { request } from '../../lib/api';
import type { ImportJob } from './importCsvApi';

export interface StartedGroupImport {
  message: string;
  id: number;
  full_path: string;
  import_job: ImportJob;
}

/** GitLab's `POST /groups/import`: a new group from an export archive; answers it and the job to follow. */
export async function startGroupImport(input: { name: string; path: string; file: File }) {
  const form = new FormData();
  form.append('name', input.name);
  form.append('path', input.path);
  form.append('file', input.file);
  return (await request<StartedGroupImport>('/api/v4/groups/import', { method: 'POST', body: form })).data;
}

export const groupImportJobPath = (groupId: number, jobId: number) => `/api/v4/groups/${groupId}/import_jobs/${jobId}`;
