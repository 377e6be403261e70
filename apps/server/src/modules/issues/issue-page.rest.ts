import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireActor } from '../../policy/require-actor';
import { applyGitlabTransport } from '../../rest/gitlab-transport';
import { pageErrorHandler } from '../../rest/page-error-handler';
import { parseIntParam } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { destroyConfirmed, parseDestroyForm, requireDestroyConfirmation } from '../issuables';
import { readableHtmlOf } from '../markdown';
import { findProject, type NamespacePathRoute, namespacePathRoutes, webUrl } from '../namespaces';
import { updateIssueWithQuickActions } from '../quick-actions';
import { loadIssueDetails } from './issue-details';
import { parseIssuePageUpdate } from './issue-page-params';
import { authorizeIssueDestroy, deleteIssue } from './issue-write.service';
import { presentIssue } from './issues.presenter';
import { findIssue } from './issues.service';

/**
 * GitLab's issue page endpoints (IE-2, IE-7, IE-21), thin callers of the REST services:
 * - `PUT`/`PATCH /<project>/-/issues/<iid>` and `….json`: the page's update (`issue[title]`, …),
 *   answering the saved issue with its `web_url` and `lock_version`; a stale `lock_version` is 409;
 * - `DELETE /<project>/-/issues/<iid>.json` with `destroy_confirm`: answers `{web_url}` of the list;
 * - `POST /<project>/-/issues/<iid>` with `_method=delete&destroy_confirm=true` (GitLab's delete
 *   form, its CSRF token in `authenticity_token`): redirects to the project's issues.
 * Anonymous callers are 401; an issue or project the user may not see is 404; errors answer GitLab's
 * `{"errors": […]}`.
 */
export const issuePageRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  applyGitlabTransport(app);
  app.setErrorHandler(pageErrorHandler);

  /** The project and iid of a write: anonymous callers get 401 first, as GitLab answers them. */
  const located = async (request: FastifyRequest, route: NamespacePathRoute) => {
    requireActor(request.actor);
    const params = request.params as Record<string, string>;
    const project = await findProject(db, request.actor, { fullPath: route.fullPath(params) });
    const iid = parseIntParam((params.iid ?? '').replace(/\.json$/, ''), 'iid');
    return { project, iid };
  };

  async function update(request: FastifyRequest, route: NamespacePathRoute) {
    const { project, iid } = await located(request, route);
    const input = parseIssuePageUpdate(request.query, request.body);
    await updateIssueWithQuickActions(serviceContext(ctx, request.actor), project, iid, input);
    const row = await findIssue(db, request.actor, project.id, iid);
    const [details, descriptionHtml] = await Promise.all([
      loadIssueDetails(db, request.actor, [row]),
      readableHtmlOf(db, request.actor, { table: 'issues', id: row.id, html: row.description_html }),
    ]);
    return {
      ...presentIssue(ctx, row, details, { contextPath: project.full_path, withDescriptionHtml: true }),
      description_html: descriptionHtml,
      lock_version: row.lock_version,
    };
  }

  /** Deletes after the issue is found and the deletion allowed (404, 403 first, as GitLab authorizes first) and confirmed. */
  async function destroy(request: FastifyRequest, route: NamespacePathRoute, confirmed: () => boolean) {
    const { project, iid } = await located(request, route);
    await authorizeIssueDestroy(db, request.actor, project, iid);
    requireDestroyConfirmation(confirmed(), 'issue');
    await deleteIssue(db, request.actor, project, iid);
    return webUrl(ctx, `${project.full_path}/-/issues`);
  }

  for (const route of namespacePathRoutes('project')) {
    // One route for `<iid>` and `<iid>.json` (find-my-way takes two regexes there for the same route).
    const url = route.url('issues/:iid(^\\d{1,10}(?:\\.json)?$)');
    app.put(url, (request) => update(request, route));
    app.patch(url, (request) => update(request, route));
    app.delete(url, async (request) => ({
      web_url: await destroy(request, route, () => destroyConfirmed(request.query, request.body)),
    }));
    app.post(url, { config: { csrfFormField: true } }, async (request, reply: FastifyReply) => {
      return reply.redirect(await destroy(request, route, () => parseDestroyForm(request.body).confirmed), 302);
    });
  }
};
