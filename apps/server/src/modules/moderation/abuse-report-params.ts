import { z } from 'zod';
import { gitlabId } from '../../rest/gitlab-list-params';
import { pageParams } from '../../rest/pagination';
import { gitlabBoolean } from '../../rest/params';

/** IE §2.4's reasons, in the drawer's order (GitLab's AbuseReport categories). */
export const ABUSE_CATEGORIES = [
  'spam',
  'offensive',
  'phishing',
  'crypto',
  'credentials',
  'copyright',
  'malware',
  'other',
] as const;
export type AbuseCategory = (typeof ABUSE_CATEGORIES)[number];

/** What an admin does with a report: close it, or act on the reported user (which closes it too). */
export const ABUSE_REPORT_ACTIONS = ['close', 'block_user', 'ban_user', 'trust_user'] as const;
export type AbuseReportAction = (typeof ABUSE_REPORT_ACTIONS)[number];

export const REPORTED_FROM_URL_MAX = 512;

/** IE-20: GitLab's form fields, `user_id` and `abuse_report[…]` (bracketed names parse to a nested object). */
export const createAbuseReportSchema = z.object({
  user_id: gitlabId,
  abuse_report: z.object({
    category: z.enum(ABUSE_CATEGORIES),
    reported_from_url: z.string().max(REPORTED_FROM_URL_MAX).default(''),
    message: z.string().max(1024).default(''),
  }),
});
export type CreateAbuseReportInput = z.infer<typeof createAbuseReportSchema>;

/** `GET /admin/abuse_reports`: GitLab's admin filters (status, category, reported user), paginated. */
export const listAbuseReportsSchema = pageParams.extend({
  status: z.enum(['open', 'closed']).optional(),
  category: z.enum(ABUSE_CATEGORIES).optional(),
  user_id: gitlabId.optional(),
  user: z.string().max(255).optional(),
});
export type ListAbuseReportsInput = z.infer<typeof listAbuseReportsSchema>;

/** `PUT /admin/abuse_reports/:id`: reopen or close, or one of the actions on the reported user. */
export const updateAbuseReportSchema = z
  .object({
    status: z.enum(['open', 'closed']).optional(),
    user_action: z.enum(ABUSE_REPORT_ACTIONS).optional(),
  })
  .refine((v) => v.status !== undefined || v.user_action !== undefined, {
    message: 'status, user_action are missing, exactly one parameter must be provided',
    path: ['status'],
  });
export type UpdateAbuseReportInput = z.infer<typeof updateAbuseReportSchema>;

export const listSpamLogsSchema = pageParams;

/** `PUT /admin/spam_logs/:id`: block or trust the log's author. */
export const updateSpamLogSchema = z.object({ user_action: z.enum(['block_user', 'trust_user']) });

/** `DELETE /admin/spam_logs/:id`: `remove_user=true` removes the author and their content too. */
export const deleteSpamLogSchema = z.object({ remove_user: gitlabBoolean.optional() });
