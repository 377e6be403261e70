import { z } from 'zod';
import { pageParams } from '../../rest/pagination';
import { positiveIdParam } from '../../rest/params';

/** GitLab's `protected_branch_ids`: an array or a comma-separated string of positive ids (a long string is not split). */
const protectedBranchIds = z.preprocess(
  (v) => (typeof v === 'string' && v.length <= 1300 ? v.split(',').filter((s) => s.trim() !== '') : v),
  z.array(positiveIdParam).max(100),
);

const checkFields = {
  name: z.string().trim().min(1).max(255),
  external_url: z.string().trim().min(1).max(2048),
  shared_secret: z.string().max(255).optional(),
  protected_branch_ids: protectedBranchIds.optional(),
};

/** `POST /projects/:id/external_status_checks`: `name` and `external_url` required. */
export const createStatusCheckSchema = z.object(checkFields);
/** `PUT …/external_status_checks/:check_id`: every attribute optional. */
export const updateStatusCheckSchema = z.object({
  ...checkFields,
  name: checkFields.name.optional(),
  external_url: checkFields.external_url.optional(),
});

export const listStatusChecksSchema = pageParams;

export const STATUS_CHECK_STATUSES = ['passed', 'failed', 'pending'] as const;
export type StatusCheckStatus = (typeof STATUS_CHECK_STATUSES)[number];

/** `POST …/merge_requests/:merge_request_iid/status_check_responses`: what the external service answers. */
export const statusCheckResponseSchema = z.object({
  external_status_check_id: positiveIdParam,
  sha: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9a-fA-F]+$/, 'must be a commit SHA'),
  status: z.enum(STATUS_CHECK_STATUSES),
});

export type CreateStatusCheckInput = z.infer<typeof createStatusCheckSchema>;
export type UpdateStatusCheckInput = z.infer<typeof updateStatusCheckSchema>;
export type StatusCheckResponseInput = z.infer<typeof statusCheckResponseSchema>;
