import type {
  JiraCustomFieldChoice,
  JiraIssueState,
  JiraItemKind,
  JiraMapping,
  JiraStatusCategory,
} from '@meridian/domain';
import { encodeId, request } from '../../lib/api';
import type { ImportJob, SkippedRow } from './importCsvApi';

/** An issue type of the file, how many issues have it, and what it becomes (the mapping's default or choice). */
export interface JiraTypeRow {
  name: string;
  count: number;
  subtask: boolean;
  kind: JiraItemKind;
  label: string;
}

export interface JiraStatusRow {
  name: string;
  count: number;
  category: JiraStatusCategory;
  state: JiraIssueState;
}

/** A custom field of the file: how many issues have it, a few values, whether it can become labels, and its use. */
export interface JiraCustomFieldRow {
  name: string;
  count: number;
  values: string[];
  select_like: boolean;
  choice: JiraCustomFieldChoice;
}

/** `POST /projects/:id/import/jira/preview`: what the file holds and how it would map. */
export interface JiraPreview {
  format: 'csv' | 'json';
  site: string | null;
  issue_count: number;
  types: JiraTypeRow[];
  statuses: JiraStatusRow[];
  custom_fields: JiraCustomFieldRow[];
  mapping: JiraMapping;
  epic_group: { full_path: string; may_create_epics: boolean } | null;
  mapping_problem: string | null;
  /** Issues of the file an earlier Jira import brought into the project (a re-import makes copies). */
  imported_before: { count: number; issues: Array<{ key: string; iid: number }> };
  counts: Record<string, number>;
  /** Issues of types the mapping skips (left out of `counts`). */
  mapped_to_skip: number;
  people: { name: string; key: string; matched: boolean }[];
  people_matched: number;
  milestones: string[];
  /** Attachments in the file: downloaded when the import is given the Jira site, else listed in the report. */
  attachments: number;
}

const apiBase = (projectPath: string) => `/api/v4/projects/${encodeId(projectPath)}`;

const formOf = (file: File, mapping?: JiraMapping, fields: Record<string, string> = {}) => {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
};

/** The mapping preview of a Jira file under `mapping` (the defaults when none). Writes nothing. */
export async function previewJira(projectPath: string, file: File, mapping?: JiraMapping): Promise<JiraPreview> {
  const url = `${apiBase(projectPath)}/import/jira/preview`;
  return (await request<JiraPreview>(url, { method: 'POST', body: formOf(file, mapping) })).data;
}

/** Starts the import with the mapping shown (and the Jira site's fields, `jiraSiteFields`); answers the job to follow. */
export async function startJiraImport(
  projectPath: string,
  file: File,
  format: 'csv' | 'json',
  mapping: JiraMapping,
  site: Record<string, string> = {},
) {
  const url = `${apiBase(projectPath)}/import/jira_${format}`;
  return (
    await request<{ message: string; import_job: ImportJob }>(url, {
      method: 'POST',
      body: formOf(file, mapping, site),
    })
  ).data;
}

/** The report of what the import skipped, and why (the first 100). */
export async function fetchJiraSkips(
  projectPath: string,
  jobId: number,
): Promise<{ rows: SkippedRow[]; total: number }> {
  const { data, headers } = await request<SkippedRow[]>(
    `${apiBase(projectPath)}/import_jobs/${jobId}/skipped?per_page=100`,
  );
  return { rows: data, total: Number(headers.get('X-Total') ?? data.length) };
}
