import type { ProjectRow } from '../namespaces';
import type { VulnerabilityIdentifier } from './sarif-findings';
import type { VulnerabilityIssueLinkRow, VulnerabilityRow } from './vulnerabilities.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GitLab's `ProjectIdentity` as the vulnerability entity nests it (plus the docs' full_path / full_name). */
function presentProjectIdentity(project: ProjectRow) {
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: project.full_name,
    path: project.path,
    path_with_namespace: project.full_path,
    full_path: project.full_path,
    full_name: project.full_name,
    created_at: project.created_at.toISOString(),
  };
}

/** The finding behind a vulnerability: what the scanner reported and where. */
function presentFinding(row: VulnerabilityRow) {
  return {
    name: row.title,
    description: row.description,
    severity: row.severity,
    confidence: row.confidence,
    report_type: row.report_type,
    identifiers: row.identifiers as VulnerabilityIdentifier[],
    location: { file: row.location_file, start_line: row.location_start_line, end_line: row.location_end_line },
    scanner: {
      external_id: row.scanner_name.toLowerCase(),
      name: row.scanner_name,
      version: row.scanner_version,
      vendor: { name: row.scanner_name },
    },
    uuid: row.fingerprint,
  };
}

/** GitLab's `Vulnerability` entity (GET /vulnerabilities/:id), its deprecated fields null as GitLab's are. */
export function presentVulnerability(row: VulnerabilityRow, project: ProjectRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    state: row.state,
    severity: row.severity,
    confidence: row.confidence,
    report_type: row.report_type,
    project: presentProjectIdentity(project),
    finding: presentFinding(row),
    resolved_on_default_branch: false,
    project_default_branch: project.default_branch,
    author_id: row.author_id,
    resolved_by_id: row.resolved_by_id,
    dismissed_by_id: row.dismissed_by_id,
    confirmed_by_id: row.confirmed_by_id,
    closed_by_id: null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    resolved_at: iso(row.resolved_at),
    dismissed_at: iso(row.dismissed_at),
    confirmed_at: iso(row.confirmed_at),
    closed_at: null,
    last_edited_at: null,
    start_date: null,
    updated_by_id: null,
    last_edited_by_id: null,
    due_date: null,
  };
}

/** GitLab's `VulnerabilityIssueLink` entity: the link, its vulnerability and (when readable) its issue. */
export function presentVulnerabilityIssueLink(
  link: VulnerabilityIssueLinkRow,
  vulnerability: ReturnType<typeof presentVulnerability>,
  issue: unknown,
) {
  return {
    id: link.id,
    vulnerability,
    issue,
    link_type: link.link_type,
  };
}
