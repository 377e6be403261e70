import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { todayIso } from '../../lib/today';
import { parseInput } from '../../rest/params';
import { suggestIterations } from '../iterations';
import { namespacePathRoutes } from '../namespaces';
import { suggestEnvironments } from './environment-suggestions.service';
import { suggestEpics } from './epic-suggestions.service';
import { suggestLabels } from './label-suggestions.service';
import { suggestMilestones } from './milestone-suggestions.service';
import { suggestReleases } from './release-suggestions.service';
import { containerFromPath, inheritedGroupIds, type SuggestionContainer } from './suggestion-container';
import { suggestionErrorHandler } from './suggestion-error-handler';
import { flag, suggestionParams } from './suggestion-params';
import { suggestionPresenter } from './suggestions.presenter';

type Kind = 'group' | 'project';
type Resource = 'labels' | 'milestones' | 'releases' | 'environments' | 'epics' | 'iterations';

const resources: Record<Kind, Resource[]> = {
  group: ['labels', 'milestones', 'releases', 'environments', 'epics', 'iterations'],
  project: ['labels', 'milestones', 'releases', 'environments', 'iterations'],
};

const labelsSchema = suggestionParams.extend({
  only_group_labels: flag(false),
  include_ancestor_groups: flag(true),
  include_descendant_groups: flag(false),
});
const milestonesSchema = suggestionParams.extend({
  only_group_milestones: flag(false),
  state: z.enum(['active', 'closed', 'all']).default('active'),
});
const epicsSchema = suggestionParams.extend({
  include_ancestor_groups: flag(false),
  include_descendant_groups: flag(true),
  state: z.enum(['opened', 'closed', 'all']).default('all'),
});
const iterationsSchema = suggestionParams.extend({
  state: z.enum(['opened', 'upcoming', 'current', 'closed', 'all']).default('opened'),
});

const today = () => todayIso();

type Handler = (request: FastifyRequest, container: SuggestionContainer) => Promise<unknown>;

/**
 * GitLab's page-JSON suggestion endpoints beside the web pages (RF-16 … RF-21):
 * `/groups/<group path>/-/<resource>.json` and `/<namespace path>/<project>/-/<resource>.json`.
 * One route per path depth, the last segment a pattern, so every other URL (web pages) still
 * reaches the web app's catch-all.
 */
export const pageJsonRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  app.setErrorHandler(suggestionErrorHandler);

  const handlers: Record<Resource, Handler> = {
    labels: async (request, container) => {
      const q = parseInput(labelsSchema, request.query);
      const rows = await suggestLabels(db, request.actor, container, {
        search: q.search || undefined,
        includeAncestorGroups: q.include_ancestor_groups,
        includeDescendantGroups: container.kind === 'group' && q.include_descendant_groups,
        onlyGroupLabels: container.kind === 'project' || q.only_group_labels,
        limit: q.per_page,
      });
      return rows.map(suggestionPresenter.label);
    },
    milestones: async (request, container) => {
      const q = parseInput(milestonesSchema, request.query);
      const rows = await suggestMilestones(db, request.actor, container, {
        search: q.search || undefined,
        state: q.state,
        onlyGroupMilestones: q.only_group_milestones,
        limit: q.per_page,
      });
      return rows.map((m) => suggestionPresenter.milestone(ctx, m));
    },
    releases: async (request, container) => {
      const q = parseInput(suggestionParams, request.query);
      return suggestReleases(db, request.actor, container, { search: q.search || undefined, limit: q.per_page });
    },
    environments: async (request, container) => {
      const q = parseInput(suggestionParams, request.query);
      return suggestEnvironments(db, request.actor, container, { search: q.search || undefined, limit: q.per_page });
    },
    epics: async (request, container) => {
      if (container.kind !== 'group') throw badRequest('epics belong to groups', 'group');
      const q = parseInput(epicsSchema, request.query);
      const rows = await suggestEpics(db, request.actor, container.group, {
        search: q.search || undefined,
        state: q.state,
        includeAncestorGroups: q.include_ancestor_groups,
        includeDescendantGroups: q.include_descendant_groups,
        limit: q.per_page,
      });
      return rows.map((e) => suggestionPresenter.epic(ctx, e, container.group.id));
    },
    iterations: async (request, container) => {
      const q = parseInput(iterationsSchema, request.query);
      const day = today();
      const rows = await suggestIterations(
        db,
        request.actor,
        { groupIds: inheritedGroupIds(container), search: q.search || undefined, state: q.state, today: day },
        q.per_page,
      );
      return rows.map((it) => suggestionPresenter.iteration(it, day));
    },
  };

  for (const kind of ['group', 'project'] as const) {
    const last = `:resource(^(?:${resources[kind].join('|')})\\.json$)`;
    for (const path of namespacePathRoutes(kind)) {
      app.get(path.url(last), async (request) => {
        const params = request.params as Record<string, string>;
        const fullPath = path.fullPath(params);
        const resource = (params.resource ?? '').replace(/\.json$/, '') as Resource;
        const container = await containerFromPath(db, request.actor, kind, fullPath);
        return handlers[resource](request, container);
      });
    }
  }
};
