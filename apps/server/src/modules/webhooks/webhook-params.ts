import { HOOK_EVENT_FLAGS, type HookEventFlag } from '@meridian/domain';
import { z } from 'zod';
import { gitlabBoolean } from '../../rest/params';

/** A header name as HTTP allows it (token characters), short. */
const headerKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be a valid HTTP header name');
const variableKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'must be letters, digits and underscores');

const keyValues = (key: z.ZodString) =>
  z.array(z.object({ key, value: z.string().max(2048) }), { message: 'must be a list of key and value' }).max(20);

const flagFields = Object.fromEntries(HOOK_EVENT_FLAGS.map((flag) => [flag, gitlabBoolean.optional()])) as {
  [K in HookEventFlag]: z.ZodOptional<typeof gitlabBoolean>;
};

const hookFields = {
  url: z.string().min(1).max(2048),
  name: z.string().max(255).optional(),
  description: z.string().max(2048).optional(),
  token: z.string().max(255).optional(),
  enable_ssl_verification: gitlabBoolean.optional(),
  push_events_branch_filter: z.string().max(255).optional(),
  branch_filter_strategy: z.enum(['wildcard', 'regex', 'all_branches']).optional(),
  custom_webhook_template: z.string().max(4096).optional(),
  custom_headers: keyValues(headerKey).optional(),
  url_variables: keyValues(variableKey).optional(),
  ...flagFields,
};

/** `POST …/hooks`: GitLab's hook attributes; `url` is required. */
export const createHookSchema = z.object(hookFields);
/** `PUT …/hooks/:hook_id`: every attribute optional. */
export const updateHookSchema = z.object({ ...hookFields, url: hookFields.url.optional() });

export type CreateHookInput = z.infer<typeof createHookSchema>;
export type UpdateHookInput = z.infer<typeof updateHookSchema>;
