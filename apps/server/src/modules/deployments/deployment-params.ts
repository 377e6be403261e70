import { DEPLOY_ACCESS_LEVELS, ENVIRONMENT_TIERS, FREQUENCY_INTERVALS } from '@meridian/domain';
import { z } from 'zod';
import { pageParams } from '../../rest/pagination';
import { gitlabBoolean, positiveIdParam } from '../../rest/params';

/** An ISO 8601 date or date-time (`2026-01-01`, `2026-01-01T08:00:00Z`), as a Date. */
const isoDateTime = z
  .string()
  .max(40)
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 date')
  .transform((v) => new Date(v));

const name = z.string().trim().min(1).max(255);
const externalUrl = z
  .string()
  .trim()
  .max(255)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'must be a valid URL');
const tier = z.enum(ENVIRONMENT_TIERS);

export const listEnvironmentsSchema = pageParams.extend({
  name: z.string().max(255).optional(),
  search: z.string().max(255).optional(),
  states: z.enum(['available', 'stopping', 'stopped']).optional(),
});
export const createEnvironmentSchema = z.object({ name, external_url: externalUrl.optional(), tier: tier.optional() });
export const updateEnvironmentSchema = z.object({ external_url: externalUrl.nullish(), tier: tier.optional() });

export const DEPLOYMENT_STATUSES = ['created', 'running', 'success', 'failed', 'canceled', 'blocked'] as const;
const settableStatus = z.enum(['running', 'success', 'failed', 'canceled']);

export const listDeploymentsSchema = pageParams.extend({
  order_by: z.enum(['id', 'iid', 'created_at', 'updated_at', 'finished_at', 'ref']).default('id'),
  sort: z.enum(['asc', 'desc']).default('asc'),
  environment: z.string().max(255).optional(),
  status: z.enum(DEPLOYMENT_STATUSES).optional(),
  updated_after: isoDateTime.optional(),
  updated_before: isoDateTime.optional(),
});
export const createDeploymentSchema = z.object({
  environment: name,
  sha: z.string().trim().min(1).max(64),
  ref: z.string().trim().min(1).max(255),
  tag: gitlabBoolean,
  status: settableStatus,
});
export const updateDeploymentSchema = z.object({ status: settableStatus });

export const approvalSchema = z.object({
  status: z.enum(['approved', 'rejected']),
  comment: z.string().max(255).optional(),
  represented_as: z.string().max(255).optional(),
});

const optionalId = positiveIdParam.optional();
const accessLevelInput = z.object({
  access_level: z.coerce
    .number()
    .int()
    .refine((v) => (DEPLOY_ACCESS_LEVELS as readonly number[]).includes(v), 'must be 30, 40 or 60')
    .optional(),
  user_id: optionalId,
  group_id: optionalId,
  group_inheritance_type: z.coerce.number().int().min(0).max(1).optional(),
});
const approvalRuleInput = accessLevelInput.extend({
  required_approvals: z.coerce.number().int().min(1).max(5).default(1),
});

export type AccessLevelInput = z.infer<typeof accessLevelInput>;
export type ApprovalRuleInput = z.infer<typeof approvalRuleInput>;

export const createProtectedEnvironmentSchema = z.object({
  name,
  deploy_access_levels: z.array(accessLevelInput).min(1).max(20),
  required_approval_count: z.coerce.number().int().min(0).max(5).optional(),
  approval_rules: z.array(approvalRuleInput).max(20).optional(),
});
export const updateProtectedEnvironmentSchema = z.object({
  deploy_access_levels: z.array(accessLevelInput).min(1).max(20).optional(),
  required_approval_count: z.coerce.number().int().min(0).max(5).optional(),
  approval_rules: z.array(approvalRuleInput).max(20).optional(),
});

export const frequencySchema = z.object({
  environment: z.string().max(255).optional(),
  from: isoDateTime,
  to: isoDateTime.optional(),
  interval: z.enum(FREQUENCY_INTERVALS).default('all'),
});
