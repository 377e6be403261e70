import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdOrPath, parseInput, requestParams } from '../../rest/params';
import { updateNotificationSettingsSchema } from './notification-params';
import { presentGlobalSetting, presentSetting } from './notification-settings.presenter';
import {
  getGlobalSettings,
  getSourceSettings,
  updateGlobalSettings,
  updateSourceSettings,
} from './notification-settings.service';

type IdParams = { id: string };

/** GitLab's Notification settings API: the global level, and a level per group and project. */
export const notificationSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.get('/notification_settings', async (request) => {
    const { setting, email } = await getGlobalSettings(db, request.actor);
    return presentGlobalSetting(setting, email);
  });

  app.put('/notification_settings', async (request) => {
    const input = parseInput(updateNotificationSettingsSchema, requestParams(request));
    const { setting, email } = await updateGlobalSettings(db, request.actor, input);
    return presentGlobalSetting(setting, email);
  });

  for (const [prefix, kind] of [
    ['groups', 'Group'],
    ['projects', 'Project'],
  ] as const) {
    app.get<{ Params: IdParams }>(`/${prefix}/:id/notification_settings`, async (request) =>
      presentSetting(await getSourceSettings(db, request.actor, kind, parseIdOrPath(request.params.id))),
    );
    app.put<{ Params: IdParams }>(`/${prefix}/:id/notification_settings`, async (request) => {
      const input = parseInput(updateNotificationSettingsSchema, requestParams(request));
      return presentSetting(
        await updateSourceSettings(db, request.actor, kind, parseIdOrPath(request.params.id), input),
      );
    });
  }
};
