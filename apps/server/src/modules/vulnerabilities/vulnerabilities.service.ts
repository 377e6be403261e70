import {
  type VulnerabilityAction,
  type VulnerabilitySeverity,
  type VulnerabilityState,
  vulnerabilitySeverities,
  vulnerabilityStateStamps,
  vulnerabilityTransition,
} from '@meridian/domain';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { offsetPage } from '../../db/list-page';
import type { VulnerabilitiesTable, VulnerabilityIssueLinksTable } from '../../db/schema';
import { badRequest, forbidden, notFound, unprocessable } from '../../errors';
import { projectAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { findIssue, type IssueRow } from '../issues';
import { findProject, findProjectRow, type IdOrPath, type ProjectRow, projectSubject } from '../namespaces';
import { type SarifFinding, sarifFindings } from './sarif-findings';
import { assertValidSarif } from './sarif-schema';

export type VulnerabilityRow = Selectable<VulnerabilitiesTable>;
export type VulnerabilityIssueLinkRow = Selectable<VulnerabilityIssueLinksTable>;

/** The most results one import may hold (GitHub code scanning takes 25,000 per run; ours is one request). */
export const MAX_SARIF_RESULTS = 5_000;

/**
 * Who may do what with a project's vulnerabilities, as GitLab's policy (17.0 on):
 * - read (`read_vulnerability` / `read_security_resource`) and import a report: Developer and up;
 * - change the state (`admin_vulnerability`): Maintainer and up (GitLab 17.0 took it from Developers);
 * - link issues (`admin_vulnerability_issue_link`): Developer and up.
 * Instance administrators may do all. Anyone else is told the vulnerability (or project) does not exist.
 */
export type VulnerabilityAbility = 'read' | 'import' | 'admin_state' | 'link_issues';

const minimumLevel: Record<VulnerabilityAbility, number> = {
  read: AccessLevel.DEVELOPER,
  import: AccessLevel.DEVELOPER,
  admin_state: AccessLevel.MAINTAINER,
  link_issues: AccessLevel.DEVELOPER,
};

export function canVulnerability(actor: Actor | null, ability: VulnerabilityAbility, project: ProjectRow): boolean {
  if (!actor) return false;
  if (actor.admin) return true;
  return projectAccessLevel(actor, projectSubject(project)) >= minimumLevel[ability];
}

/** The project, when the actor may read its vulnerabilities; 404 `Project Not Found` otherwise. */
export async function findVulnerabilityProject(db: Database, actor: Actor | null, idOrPath: IdOrPath) {
  const project = await findProject(db, actor, idOrPath);
  if (!canVulnerability(actor, 'read', project)) throw notFound('Project');
  return project;
}

export interface ImportCounts {
  created: number;
  existing: number;
  total: number;
}

/** Parses, checks and stores a SARIF report's findings, each once per project (by fingerprint). */
export async function importSarif(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  text: string,
): Promise<ImportCounts> {
  const me = requireActor(actor);
  if (!canVulnerability(me, 'import', project)) throw notFound('Project');
  let log: unknown;
  try {
    log = JSON.parse(text);
  } catch {
    throw badRequest('file is invalid: not a JSON document', 'file');
  }
  assertValidSarif(log);
  const unique = new Map<string, SarifFinding>();
  for (const f of sarifFindings(log)) if (!unique.has(f.fingerprint)) unique.set(f.fingerprint, f);
  const findings = [...unique.values()];
  if (findings.length > MAX_SARIF_RESULTS)
    throw badRequest(`file is invalid: more than ${MAX_SARIF_RESULTS} results`, 'file');
  let created = 0;
  for (let i = 0; i < findings.length; i += 500) {
    const batch = findings.slice(i, i + 500);
    const rows = await db
      .insertInto('vulnerabilities')
      .values(
        batch.map((f) => ({
          project_id: project.id,
          author_id: me.id,
          title: f.title,
          description: f.description,
          severity: f.severity,
          scanner_name: f.scannerName,
          scanner_version: f.scannerVersion,
          identifiers: JSON.stringify(f.identifiers),
          location_file: f.file,
          location_start_line: f.startLine,
          location_end_line: f.endLine,
          fingerprint: f.fingerprint,
        })),
      )
      .onConflict((oc) => oc.columns(['project_id', 'fingerprint']).doNothing())
      .returning('id')
      .execute();
    created += rows.length;
  }
  return { created, existing: findings.length - created, total: findings.length };
}

export interface VulnerabilityListQuery {
  state?: VulnerabilityState[];
  severity?: VulnerabilitySeverity[];
  page: number;
  perPage: number;
}

/** A project's vulnerabilities, most severe first then newest, with GitLab's state/severity filters. */
export async function listVulnerabilities(db: Database, project: ProjectRow, q: VulnerabilityListQuery) {
  let base = db.selectFrom('vulnerabilities').where('project_id', '=', project.id);
  if (q.state?.length) base = base.where('state', 'in', q.state);
  if (q.severity?.length) base = base.where('severity', 'in', q.severity);
  const rank = sql<number>`array_position(${sql.val([...vulnerabilitySeverities])}::text[], severity)`;
  return offsetPage(db, base.selectAll().orderBy(rank).orderBy('id', 'desc'), base.select(sql`1`.as('one')), {
    page: q.page,
    perPage: q.perPage,
  });
}

/** How many vulnerabilities of each severity a project has in the given states (the report's counters). */
export async function severityCounts(
  db: Database,
  project: ProjectRow,
  states: VulnerabilityState[] | undefined,
): Promise<Record<VulnerabilitySeverity, number>> {
  let q = db
    .selectFrom('vulnerabilities')
    .select(['severity', sql<string>`count(*)`.as('n')])
    .where('project_id', '=', project.id)
    .groupBy('severity');
  if (states?.length) q = q.where('state', 'in', states);
  const counts = Object.fromEntries(vulnerabilitySeverities.map((s) => [s, 0])) as Record<
    VulnerabilitySeverity,
    number
  >;
  for (const row of await q.execute()) counts[row.severity as VulnerabilitySeverity] = Number(row.n);
  return counts;
}

/** One vulnerability and its project, when the actor may read it; 404 otherwise (never 403). */
export async function findVulnerability(
  db: Database,
  actor: Actor | null,
  id: number,
): Promise<{ vulnerability: VulnerabilityRow; project: ProjectRow }> {
  const vulnerability = await db.selectFrom('vulnerabilities').selectAll().where('id', '=', id).executeTakeFirst();
  const project = vulnerability ? await findProjectRow(db, { id: vulnerability.project_id }) : undefined;
  if (!vulnerability || !project || !canVulnerability(actor, 'read', project)) throw notFound('Vulnerability');
  return { vulnerability, project };
}

/**
 * Moves a vulnerability as `action` says. `not_modified` when it is already there (GitLab answers
 * 304); a reader who may not change states gets 403, as GitLab does for `admin_vulnerability`.
 */
export async function transitionVulnerability(
  db: Database,
  actor: Actor | null,
  id: number,
  action: VulnerabilityAction,
): Promise<{ vulnerability: VulnerabilityRow; project: ProjectRow; changed: boolean }> {
  const me = requireActor(actor);
  const { vulnerability, project } = await findVulnerability(db, me, id);
  if (!canVulnerability(me, 'admin_state', project)) throw forbidden();
  const t = vulnerabilityTransition(vulnerability.state as VulnerabilityState, action);
  if (t.kind === 'not_modified') return { vulnerability, project, changed: false };
  const now = new Date();
  const updated = await db
    .updateTable('vulnerabilities')
    .set({ state: t.to, updated_at: now, ...vulnerabilityStateStamps(t.to, me.id, now) })
    .where('id', '=', id)
    .where('state', '=', t.from)
    .returningAll()
    .executeTakeFirst();
  // Someone else moved it meanwhile: answer what it is now.
  if (!updated) return findVulnerability(db, me, id).then((r) => ({ ...r, changed: false }));
  return { vulnerability: updated, project, changed: true };
}

/** The vulnerability's issue links, oldest first (the caller keeps only the issues the reader may see). */
export async function listVulnerabilityIssueLinks(db: Database, vulnerabilityId: number) {
  return db
    .selectFrom('vulnerability_issue_links')
    .selectAll()
    .where('vulnerability_id', '=', vulnerabilityId)
    .orderBy('id')
    .execute();
}

/** Links an issue (by iid, in the vulnerability's project or `targetProjectId`) with GitLab's 422 texts. */
export async function createVulnerabilityIssueLink(
  db: Database,
  actor: Actor | null,
  vulnerabilityId: number,
  input: { target_issue_iid: number; target_project_id?: IdOrPath; link_type: 'related' | 'created' },
): Promise<{ vulnerability: VulnerabilityRow; project: ProjectRow; link: VulnerabilityIssueLinkRow; issue: IssueRow }> {
  const me = requireActor(actor);
  const { vulnerability, project } = await findVulnerability(db, me, vulnerabilityId);
  if (!canVulnerability(me, 'link_issues', project)) throw forbidden();
  const issueProject = input.target_project_id ? await findProject(db, me, input.target_project_id) : project;
  const issue = await findIssue(db, me, issueProject.id, input.target_issue_iid);
  const taken = await db
    .selectFrom('vulnerability_issue_links')
    .select(['issue_id', 'link_type'])
    .where('vulnerability_id', '=', vulnerabilityId)
    .execute();
  if (taken.some((l) => l.issue_id === issue.id))
    throw unprocessable('Issue has already been linked to another vulnerability', 'target_issue_iid');
  if (input.link_type === 'created' && taken.some((l) => l.link_type === 'created'))
    throw unprocessable('Vulnerability already has a "created" issue link', 'link_type');
  const link = await db
    .insertInto('vulnerability_issue_links')
    .values({ vulnerability_id: vulnerabilityId, issue_id: issue.id, link_type: input.link_type })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!link) throw unprocessable('Issue has already been linked to another vulnerability', 'target_issue_iid');
  return { vulnerability, project, link, issue };
}

export async function deleteVulnerabilityIssueLink(
  db: Database,
  actor: Actor | null,
  vulnerabilityId: number,
  linkId: number,
): Promise<{ vulnerability: VulnerabilityRow; project: ProjectRow; link: VulnerabilityIssueLinkRow }> {
  const me = requireActor(actor);
  const { vulnerability, project } = await findVulnerability(db, me, vulnerabilityId);
  if (!canVulnerability(me, 'link_issues', project)) throw forbidden();
  const link = await db
    .deleteFrom('vulnerability_issue_links')
    .where('id', '=', linkId)
    .where('vulnerability_id', '=', vulnerabilityId)
    .returningAll()
    .executeTakeFirst();
  if (!link) throw notFound('Vulnerability Issue Link');
  return { vulnerability, project, link };
}
