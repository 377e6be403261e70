import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { epicChildrenRoutes } from './epic-children.rest';
import { epicSidebarRoutes } from './epic-sidebar.rest';
import { epicsRoutes } from './epics.rest';
import { epicIssuesRoutes } from './issues/epic-issues.rest';
import { relatedEpicsRoutes } from './related/related-epics.rest';

/** Every epic route: epics, child epics, the sidebar's to-do and subscription, epic issues and related epics. */
export const epicRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(epicsRoutes, { ctx });
  await app.register(epicChildrenRoutes, { ctx });
  await app.register(epicSidebarRoutes, { ctx });
  await app.register(epicIssuesRoutes, { ctx });
  await app.register(relatedEpicsRoutes, { ctx });
};
