import { graphql } from '../../graphql/graphql';
import { graphqlRequest } from '../../graphql/request';
import { request } from '../../lib/api';

/**
 * What the user may import into the project: issues from a CSV file (GitLab's import_issues: Planner,
 * Developer and up), and from Jira too when they administer it (Maintainer and up).
 */
export const IMPORT_PERMISSION = graphql(`
  query projectImportIssuesPermission($fullPath: ID!) {
    project(fullPath: $fullPath) {
      id
      userPermissions {
        importIssues
        adminProject
      }
    }
  }
`);

export interface ImportPermissions {
  csv: boolean;
  jira: boolean;
}

export async function fetchImportPermissions(projectPath: string, signal?: AbortSignal): Promise<ImportPermissions> {
  const data = await graphqlRequest(IMPORT_PERMISSION, { fullPath: projectPath }, signal);
  const may = data.project?.userPermissions;
  return { csv: may?.importIssues === true, jira: may?.importIssues === true && may?.adminProject === true };
}

/** The permissions' query, shared by the issue list's Import menu and the Jira page. */
export const importPermissionsQuery = (projectPath: string) => ({
  queryKey: ['import-permissions', projectPath],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchImportPermissions(projectPath, signal),
  staleTime: 60_000,
});

export interface CsvPreviewRow {
  line: number;
  title: string;
  description: string;
  due_date: string | null;
  milestone: string | null;
  errors: string[];
}

export interface CsvPreview {
  headers: string[];
  row_count: number;
  rows: CsvPreviewRow[];
  error_count: number;
  error_lines: { line: number; errors: string[] }[];
  missing_milestones: string[];
}

export interface KindCounters {
  done: number;
  skipped: number;
  total: number;
}

export interface ImportJob {
  id: number;
  state: 'created' | 'started' | 'finished' | 'failed';
  source_name: string;
  counters: Record<string, KindCounters>;
  processed: number;
  total: number;
  percent: number;
  rate_per_second: number | null;
  seconds_left: number | null;
  error: string | null;
  issues?: { id: number; iid: number; title: string; imported_from: string }[];
}

export interface SkippedRow {
  kind: string;
  source_id: string;
  reason: string;
}

const importPath = (projectPath: string) => `/${projectPath}/-/issues/import_csv`;
export const importJobPath = (projectPath: string, id: number) => `/${projectPath}/-/import_jobs/${id}`;

const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** The dry run: the first rows as they will be imported and each row's errors. */
export async function previewCsv(projectPath: string, file: File): Promise<CsvPreview> {
  return (await request<CsvPreview>(`${importPath(projectPath)}/preview`, { method: 'POST', body: formOf(file) })).data;
}

/** Starts the import; answers GitLab's message and the job to follow. */
export async function startCsvImport(projectPath: string, file: File) {
  return (
    await request<{ message: string; import_job: ImportJob }>(importPath(projectPath), {
      method: 'POST',
      body: formOf(file),
    })
  ).data;
}

/** The first page of the rows the import skipped, and why. */
export async function fetchSkippedRows(projectPath: string, id: number): Promise<SkippedRow[]> {
  return (await request<SkippedRow[]>(`${importJobPath(projectPath, id)}/skipped?per_page=50`)).data;
}
