import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { aiExperimentationRoutes, issueAiRoutes } from '../modules/ai/routes';
import { analyticsRoutes } from '../modules/analytics/routes';
import { applicationSettingsRoutes } from '../modules/application-settings/routes';
import { awardEmojiRoutes } from '../modules/award-emoji/routes';
import { billingRoutes, ordersRoutes } from '../modules/billing/routes';
import { deploymentsRoutes, environmentsRoutes, protectedEnvironmentsRoutes } from '../modules/deployments/routes';
import { epicRoutes } from '../modules/epics/routes';
import { geoRoutes } from '../modules/geo/routes';
import { groupExportRoutes } from '../modules/group-transfer/routes';
import { groupsRoutes, projectGroupsRoutes } from '../modules/groups/routes';
import {
  bulkImportRoutes,
  groupImportRoutes,
  jiraImportRoutes,
  placeholderReassignmentRoutes,
  redmineImportRoutes,
} from '../modules/imports/routes';
import { metricImagesRoutes } from '../modules/incidents/routes';
import { issueLinksRoutes } from '../modules/issue-links/routes';
import { issuesRoutes } from '../modules/issues/routes';
import { iterationsRoutes } from '../modules/iterations/routes';
import { labelsRoutes } from '../modules/labels/routes';
import { ldapRoutes } from '../modules/ldap/routes';
import { markdownRoutes } from '../modules/markdown/routes';
import { billableMembersRoutes, membersRoutes } from '../modules/members/routes';
import { mergeRequestsRoutes } from '../modules/merge-requests/routes';
import { milestonesRoutes } from '../modules/milestones/routes';
import { abuseReportsRoutes } from '../modules/moderation/routes';
import { notesRoutes } from '../modules/notes/routes';
import { notificationSettingsRoutes } from '../modules/notifications/routes';
import { projectsRoutes } from '../modules/projects/routes';
import { statusChecksRoutes } from '../modules/status-checks/routes';
import { repositoryFilesRoutes, templatesRoutes } from '../modules/templates/routes';
import { timeTrackingRoutes } from '../modules/time-tracking/routes';
import { todosRoutes } from '../modules/todos/routes';
import { userRoutes } from '../modules/users/routes';
import { vulnerabilitiesRoutes } from '../modules/vulnerabilities/routes';
import { webhooksRoutes } from '../modules/webhooks/routes';
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
  await app.register(metricImagesRoutes, { ctx });
  await app.register(groupsRoutes, { ctx });
  await app.register(projectGroupsRoutes, { ctx });
  await app.register(projectsRoutes, { ctx });
  await app.register(membersRoutes, { ctx });
  await app.register(billableMembersRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(ordersRoutes, { ctx });
  await app.register(labelsRoutes, { ctx });
  await app.register(milestonesRoutes, { ctx });
  await app.register(templatesRoutes, { ctx });
  await app.register(repositoryFilesRoutes, { ctx });
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
  await app.register(aiExperimentationRoutes, { ctx });
  await app.register(issueAiRoutes, { ctx });
  await app.register(geoRoutes, { ctx });
  await app.register(environmentsRoutes, { ctx });
  await app.register(deploymentsRoutes, { ctx });
  await app.register(protectedEnvironmentsRoutes, { ctx });
  await app.register(vulnerabilitiesRoutes, { ctx });
  await app.register(ldapRoutes, { ctx });
  await app.register(analyticsRoutes, { ctx });
  await app.register(statusChecksRoutes, { ctx });
  await app.register(groupExportRoutes, { ctx });
  await app.register(groupImportRoutes, { ctx });
  await app.register(bulkImportRoutes, { ctx });
  await app.register(jiraImportRoutes, { ctx });
  await app.register(redmineImportRoutes, { ctx });
  await app.register(placeholderReassignmentRoutes, { ctx });
};
