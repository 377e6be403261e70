import { isVulnerabilityAction } from '@meridian/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { setPaginationHeaders } from '../../rest/pagination';
import { parseIdOrPath, parseInput, parseIntParam, requestParams } from '../../rest/params';
import { findReadableIssuesByIds, type IssueRow, loadIssueDetails, presentIssue } from '../issues';
import { readSarifUpload, SARIF_BODY_LIMIT } from './sarif-upload';
import { presentVulnerability, presentVulnerabilityIssueLink } from './vulnerabilities.presenter';
import {
  canVulnerability,
  createVulnerabilityIssueLink,
  deleteVulnerabilityIssueLink,
  findVulnerability,
  findVulnerabilityProject,
  importSarif,
  listVulnerabilities,
  listVulnerabilityIssueLinks,
  severityCounts,
  transitionVulnerability,
} from './vulnerabilities.service';
import {
  issueLinkCreateSchema,
  severityCountsSchema,
  stateActionSchema,
  vulnerabilityListSchema,
} from './vulnerabilities-params';

type Params = { id: string; action: string; issue_link_id: string };

/**
 * IE-77: GitLab's vulnerabilities REST (read, state actions, issue links) and Meridian's SARIF 2.1.0
 * import (`POST /projects/:id/security/sarif`), which turns a scanner's report into vulnerabilities.
 */
export const vulnerabilitiesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const vulnerabilityId = (request: FastifyRequest) => parseIntParam((request.params as Params).id, 'id');

  async function presentIssues(actor: Actor | null, rows: IssueRow[]) {
    const details = await loadIssueDetails(db, actor, rows);
    return new Map(rows.map((r) => [r.id, presentIssue(ctx, r, details)]));
  }

  // The import takes the report as the raw JSON body or a multipart `file`, up to 10 MB: its own
  // parsers, in a child context so the rest of the API keeps GitLab's (2 MB, no uploads).
  await app.register(async (upload) => {
    upload.removeContentTypeParser(['application/json', 'multipart/form-data']);
    upload.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: SARIF_BODY_LIMIT },
      (_r, body, done) => done(null, { file: String(body) }),
    );
    upload.addContentTypeParser('multipart/form-data', { bodyLimit: SARIF_BODY_LIMIT }, (request: FastifyRequest) =>
      readSarifUpload(request.raw),
    );
    upload.post<{ Params: Params }>(
      '/projects/:id/security/sarif',
      { bodyLimit: SARIF_BODY_LIMIT },
      async (request, reply) => {
        const project = await findVulnerabilityProject(db, request.actor, parseIdOrPath(request.params.id));
        const file = (request.body as { file?: unknown } | undefined)?.file;
        const text = typeof file === 'string' ? file : '';
        if (text.trim() === '') throw badRequest('file is missing', 'file');
        const counts = await importSarif(db, request.actor, project, text);
        return reply.code(201).send(counts);
      },
    );
  });

  app.get<{ Params: Params }>('/projects/:id/vulnerabilities', async (request, reply) => {
    const project = await findVulnerabilityProject(db, request.actor, parseIdOrPath(request.params.id));
    const q = parseInput(vulnerabilityListSchema, request.query);
    const { rows, total } = await listVulnerabilities(db, project, {
      state: q.state,
      severity: q.severity,
      page: q.page,
      perPage: q.per_page,
    });
    setPaginationHeaders(request, reply, q, total);
    return rows.map((r) => presentVulnerability(r, project));
  });

  // Meridian's: the report page's per-severity counters and what the reader may do (GitLab's web app
  // reads both over GraphQL: vulnerabilitySeveritiesCount, userPermissions).
  app.get<{ Params: Params }>('/projects/:id/vulnerabilities/summary', async (request) => {
    const project = await findVulnerabilityProject(db, request.actor, parseIdOrPath(request.params.id));
    const q = parseInput(severityCountsSchema, request.query);
    return {
      severity_counts: await severityCounts(db, project, q.state),
      user_permissions: {
        admin_vulnerability: canVulnerability(request.actor, 'admin_state', project),
        admin_vulnerability_issue_link: canVulnerability(request.actor, 'link_issues', project),
      },
    };
  });

  app.get<{ Params: Params }>('/vulnerabilities/:id', async (request) => {
    const { vulnerability, project } = await findVulnerability(db, request.actor, vulnerabilityId(request));
    return presentVulnerability(vulnerability, project);
  });

  app.post<{ Params: Params }>('/vulnerabilities/:id/:action', async (request, reply) => {
    const action = request.params.action;
    if (!isVulnerabilityAction(action)) throw notFound('');
    const id = vulnerabilityId(request);
    parseInput(stateActionSchema, requestParams(request));
    const { vulnerability, project, changed } = await transitionVulnerability(db, request.actor, id, action);
    if (!changed) return reply.code(304).send();
    return reply.code(201).send(presentVulnerability(vulnerability, project));
  });

  app.get<{ Params: Params }>('/vulnerabilities/:id/issue_links', async (request) => {
    const { vulnerability } = await findVulnerability(db, request.actor, vulnerabilityId(request));
    const links = await listVulnerabilityIssueLinks(db, vulnerability.id);
    const issues = await findReadableIssuesByIds(
      db,
      request.actor,
      links.map((l) => l.issue_id),
    );
    const presented = await presentIssues(request.actor, issues);
    return links.flatMap((l) => {
      const issue = presented.get(l.issue_id);
      return issue ? [Object.assign(issue, { vulnerability_link_id: l.id, vulnerability_link_type: l.link_type })] : [];
    });
  });

  app.post<{ Params: Params }>('/vulnerabilities/:id/issue_links', async (request, reply) => {
    const input = parseInput(issueLinkCreateSchema, requestParams(request));
    const { vulnerability, project, link, issue } = await createVulnerabilityIssueLink(
      db,
      request.actor,
      vulnerabilityId(request),
      {
        target_issue_iid: input.target_issue_iid,
        target_project_id: input.target_project_id
          ? parseIdOrPath(input.target_project_id, 'target_project_id')
          : undefined,
        link_type: input.link_type,
      },
    );
    const presented = await presentIssues(request.actor, [issue]);
    return reply
      .code(201)
      .send(presentVulnerabilityIssueLink(link, presentVulnerability(vulnerability, project), presented.get(issue.id)));
  });

  app.delete<{ Params: Params }>('/vulnerabilities/:id/issue_links/:issue_link_id', async (request) => {
    const { vulnerability, project, link } = await deleteVulnerabilityIssueLink(
      db,
      request.actor,
      vulnerabilityId(request),
      parseIntParam(request.params.issue_link_id, 'issue_link_id'),
    );
    const [issue] = await findReadableIssuesByIds(db, request.actor, [link.issue_id]);
    const presented = issue ? (await presentIssues(request.actor, [issue])).get(issue.id) : undefined;
    return presentVulnerabilityIssueLink(link, presentVulnerability(vulnerability, project), presented);
  });
};
