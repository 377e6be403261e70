import { CUSTOM_NOTIFICATION_EVENTS, type CustomNotificationEvent, NOTIFICATION_LEVELS } from '@meridian/domain';
import { z } from 'zod';
import { gitlabBoolean } from '../../rest/params';

const eventShape = Object.fromEntries(CUSTOM_NOTIFICATION_EVENTS.map((e) => [e, gitlabBoolean.optional()])) as Record<
  CustomNotificationEvent,
  z.ZodOptional<typeof gitlabBoolean>
>;

/** PUT …/notification_settings: GitLab's `level`, `notification_email` (global only) and the custom events. */
export const updateNotificationSettingsSchema = z.object({
  level: z.enum(NOTIFICATION_LEVELS).optional(),
  notification_email: z.string().max(255).optional(),
  ...eventShape,
});

export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsSchema>;
