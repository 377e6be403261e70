import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { applicationSettingsRoutes } from '../modules/application-settings';
import { awardEmojiRoutes } from '../modules/award-emoji';
import { epicRoutes } from '../modules/epics';
import { groupsRoutes } from '../modules/groups';
import { issueLinksRoutes } from '../modules/issue-links';
import { issuesRoutes } from '../modules/issues';
import { iterationsRoutes } from '../modules/iterations';
import { labelsRoutes } from '../modules/labels';
import { markdownRoutes } from '../modules/markdown';
import { membersRoutes } from '../modules/members';
import { mergeRequestsRoutes } from '../modules/merge-requests';
import { milestonesRoutes } from '../modules/milestones';
import { abuseReportsRoutes } from '../modules/moderation';
import { notesRoutes } from '../modules/notes';
import { notificationSettingsRoutes } from '../modules/notifications';
import { projectsRoutes } from '../modules/projects';
import { templatesRoutes } from '../modules/templates';
import { timeTrackingRoutes } from '../modules/time-tracking';
import { todosRoutes } from '../modules/todos';
import { userRoutes } from '../modules/users';
import { webhooksRoutes } from '../modules/webhooks';
import { requireActor } from '../policy/require-actor';
import { appVersion } from '../version';
import { notFoundHandler } from './error-handler';
import { applyGitlabTransport } from './gitlab-transport';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every REST v4 route group, mounted under /api/v4. */
export const restRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  void ctx;
  applyGitlabTransport(app);
  // Unknown /api/v4 paths answer inside this scope, so they get the transport's headers too.
  app.setNotFoundHandler(notFoundHandler);
  // GitLab's `authenticate_non_get!`: an anonymous write is a 401 before any lookup, so whether the
  // target exists is never the first thing an anonymous caller learns.
  app.addHook('onRequest', async (request) => {
    if (!READ_METHODS.has(request.method)) requireActor(request.actor);
  });
  app.get('/version', async () => appVersion());
  await app.register(epicRoutes, { ctx });
  await app.register(issuesRoutes, { ctx });
  await app.register(issueLinksRoutes, { ctx });
  await app.register(groupsRoutes, { ctx });
  await app.register(projectsRoutes, { ctx });
  await app.register(membersRoutes, { ctx });
  await app.register(labelsRoutes, { ctx });
  await app.register(milestonesRoutes, { ctx });
  await app.register(templatesRoutes, { ctx });
  await app.register(markdownRoutes, { ctx });
  await app.register(timeTrackingRoutes, { ctx });
  await app.register(notesRoutes, { ctx });
  await app.register(awardEmojiRoutes, { ctx });
  await app.register(todosRoutes, { ctx });
  await app.register(notificationSettingsRoutes, { ctx });
  await app.register(iterationsRoutes, { ctx });
  await app.register(mergeRequestsRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(applicationSettingsRoutes, { ctx });
  await app.register(abuseReportsRoutes, { ctx });
  await app.register(webhooksRoutes, { ctx });
};
