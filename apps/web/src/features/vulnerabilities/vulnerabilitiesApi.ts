import { apiGet, apiList, apiPath, encodeId, request } from '../../lib/api';

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const STATES = ['detected', 'confirmed', 'resolved', 'dismissed'] as const;
export type VulnerabilityState = (typeof STATES)[number];
export type StateAction = 'confirm' | 'resolve' | 'dismiss' | 'revert';

/** GitLab's `Vulnerability` entity, the fields the report and the detail page show. */
export interface Vulnerability {
  id: number;
  title: string;
  description: string | null;
  state: VulnerabilityState;
  severity: Severity;
  report_type: string;
  created_at: string;
  confirmed_at: string | null;
  resolved_at: string | null;
  dismissed_at: string | null;
  finding: {
    identifiers: { external_type: string; external_id: string; name: string; url: string | null }[];
    location: { file: string | null; start_line: number | null; end_line: number | null };
    scanner: { name: string; version: string | null };
  };
}

export interface VulnerabilitySummary {
  severity_counts: Record<Severity, number>;
  user_permissions: { admin_vulnerability: boolean; admin_vulnerability_issue_link: boolean };
}

export interface VulnerabilityFilters {
  state: VulnerabilityState[];
  severity: Severity[];
  page: number;
}

const list = (values: readonly string[]) => (values.length ? values.join(',') : undefined);

export const listVulnerabilities = (projectPath: string, f: VulnerabilityFilters, signal?: AbortSignal) =>
  apiList<Vulnerability>(
    apiPath(`/projects/${encodeId(projectPath)}/vulnerabilities`, {
      state: list(f.state),
      severity: list(f.severity),
      page: f.page,
      per_page: 20,
    }),
    signal,
  );

export const vulnerabilitySummary = (projectPath: string, state: VulnerabilityState[], signal?: AbortSignal) =>
  apiGet<VulnerabilitySummary>(
    apiPath(`/projects/${encodeId(projectPath)}/vulnerabilities/summary`, { state: list(state) }),
    signal,
  );

export const getVulnerability = (id: number, signal?: AbortSignal) =>
  apiGet<Vulnerability>(apiPath(`/vulnerabilities/${id}`), signal);

export async function changeVulnerabilityState(id: number, action: StateAction): Promise<void> {
  await request(apiPath(`/vulnerabilities/${id}/${action}`), { method: 'POST' });
}
