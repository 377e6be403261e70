import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { applyGitlabTransport } from '../../rest/gitlab-transport';
import { pageErrorHandler } from '../../rest/page-error-handler';
import { parseIntParam } from '../../rest/params';
import { serviceContext } from '../../service-context';
import { destroyConfirmed, requireDestroyConfirmation } from '../issuables';
import { readableHtmlOf } from '../markdown';
import { type NamespacePathRoute, namespacePathRoutes, webUrl } from '../namespaces';
import { isSubscribed } from '../subscriptions';
import { epicLabelTitlesByIds } from './epic-labels';
import { parseEpicPageUpdate } from './epic-page-params';
import { epicPagePermissions } from './epic-page-permissions';
import type { EpicRow } from './epic-query';
import { epicRollupDrift } from './epic-rollup-drift.service';
import { authorizeEpicDestroy, deleteEpic, updateEpic } from './epic-write.service';
import { presentEpics } from './epics.presenter';
import { epicSubject, findGroupEpic } from './epics.service';

const pathOf = (params: Record<string, string>, route: NamespacePathRoute) => ({
  group: { fullPath: route.fullPath(params) },
  iid: parseIntParam((params.iid ?? '').replace(/\.json$/, ''), 'iid'),
});

/**
 * GitLab's epic page JSON (IE-7, IE-8): `GET`, `PUT` and `DELETE /groups/<group path>/-/epics/:iid.json`,
 * what the epic page reads and writes. The PUT takes GitLab's bracketed form (`epic[title]`,
 * `epic[state_event]=close`, … in the query, a form body or `{"epic": {...}}`), mapped onto the
 * REST PUT's schema; the services are those of `/api/v4/groups/:id/epics/:epic_iid`. Errors answer
 * GitLab's `{"errors": [...]}` (with `message` and `field`, `rest/page-error-handler.ts`); cookie sessions send the CSRF header.
 */
export const epicPageJsonRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  applyGitlabTransport(app);
  app.setErrorHandler(pageErrorHandler);

  /** The REST epic (labels with details) plus what the page needs: lock_version, every permission flag the page needs, the subscription and the rollup drift. */
  async function present(request: FastifyRequest, groupId: number, epic: EpicRow) {
    const actor = request.actor;
    const [[json], descriptionHtml, subscribed, drift] = await Promise.all([
      presentEpics(db, ctx, [epic], {
        viewer: { actor },
        fromGroupId: groupId,
        withDescriptionHtml: true,
        withLabelsDetails: true,
      }),
      readableHtmlOf(db, actor, { table: 'epics', id: epic.id, html: epic.description_html }),
      isSubscribed(db, actor, { type: 'Epic', id: epic.id }),
      epicRollupDrift(db, actor, epic),
    ]);
    return {
      ...json,
      description_html: descriptionHtml,
      lock_version: epic.lock_version,
      subscribed,
      user_permissions: epicPagePermissions(actor, epicSubject(epic)),
      rollup_drift: {
        latest_child_due_date: drift.latestChildDueDate,
        children_after_due: drift.childrenAfterDue,
        drifting: drift.drifting,
      },
    };
  }

  for (const route of namespacePathRoutes('group')) {
    const url = route.url('epics/:iid(^\\d{1,10}\\.json$)');
    app.get(url, async (request) => {
      const { group, epic } = await findGroupEpic(db, request.actor, pathOf(request.params as never, route));
      return present(request, group.id, epic);
    });
    const update = async (request: FastifyRequest) => {
      const path = pathOf(request.params as never, route);
      const { group, epic } = await findGroupEpic(db, request.actor, path, { forWrite: true });
      const { input, labelIds } = parseEpicPageUpdate(request.query, request.body);
      if (labelIds)
        input.labels = await epicLabelTitlesByIds(
          db,
          { traversal_ids: epic.group_traversal_ids },
          labelIds,
          'epic[label_ids]',
        );
      const updated = await updateEpic(serviceContext(ctx, request.actor), epic, input);
      return present(request, group.id, updated);
    };
    // Rails routes an update by PUT and by PATCH alike.
    app.put(url, update);
    app.patch(url, update);
    // GitLab's IssuableActions#destroy answers a .json delete with where to go next: the epics list.
    app.delete(url, async (request) => {
      const path = pathOf(request.params as never, route);
      const { group, epic } = await findGroupEpic(db, request.actor, path, { forWrite: true });
      authorizeEpicDestroy(request.actor, epic);
      requireDestroyConfirmation(destroyConfirmed(request.query, request.body), 'epic');
      await deleteEpic(db, request.actor, epic);
      return { web_url: webUrl(ctx, `groups/${group.full_path}/-/epics`) };
    });
  }
};
