import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { epicIssuesRoutes } from '../epic-issues/epic-issues.rest';
import { relatedEpicsRoutes } from '../epic-links/related-epics.rest';
import { epicChildrenRoutes } from './epic-children.rest';
import { epicSubscriptionRoutes } from './epic-subscriptions.rest';
import { epicsRoutes } from './epics.rest';

/** Every epic route: epics, child epics, epic issues, related epics and subscriptions. */
export const epicRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(epicsRoutes, { ctx });
  await app.register(epicChildrenRoutes, { ctx });
  await app.register(epicIssuesRoutes, { ctx });
  await app.register(relatedEpicsRoutes, { ctx });
  await app.register(epicSubscriptionRoutes, { ctx });
};
