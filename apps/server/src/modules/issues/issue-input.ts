import { HEALTH_STATUSES, isValidIsoDate, SEVERITIES } from '@meridian/domain';
import { z } from 'zod';
import { gitlabDate } from '../../rest/gitlab-list-params';
import { gitlabBoolean, gitlabList, parseInput } from '../../rest/params';
import { foldAssigneeId, idList, nullableId } from '../issuables';
import type { IssueInput } from './issue-write.service';

const isoDateOrNull = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().max(10).refine(isValidIsoDate, 'must be a real date YYYY-MM-DD').nullable(),
);

const base = {
  description: z.string().max(1_048_576).optional(),
  confidential: gitlabBoolean.optional(),
  issue_type: z.enum(['issue', 'incident', 'task']).optional(),
  assignee_ids: idList.optional(),
  assignee_id: nullableId.optional(),
  milestone_id: nullableId.optional(),
  iteration_id: nullableId.optional(),
  labels: gitlabList.optional(),
  add_labels: gitlabList.optional(),
  remove_labels: gitlabList.optional(),
  label_ids: idList.optional(),
  add_label_ids: idList.optional(),
  remove_label_ids: idList.optional(),
  due_date: isoDateOrNull.optional(),
  /** Meridian's: GitLab keeps an issue's start date on its work item (the dates widget). */
  start_date: isoDateOrNull.optional(),
  weight: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().min(0).max(32_767).nullable()).optional(),
  epic_id: nullableId.optional(),
  health_status: z.preprocess((v) => (v === '' ? null : v), z.enum(HEALTH_STATUSES).nullable()).optional(),
  discussion_locked: gitlabBoolean.optional(),
  progress: z.coerce.number().int().min(0).max(100).nullable().optional(),
  created_at: gitlabDate.optional(),
};

const title = z.string().trim().min(1).max(255);
const createSchema = z.object({ title, ...base });
const updateSchema = z.object({
  title: title.optional(),
  ...base,
  state_event: z.enum(['close', 'reopen']).optional(),
  /** Incidents only: `critical`…`unknown` (any case, as GitLab's GraphQL and REST JSON spell them upper). */
  severity: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(SEVERITIES)).optional(),
  lock_version: z.coerce.number().int().min(0).optional(),
});

export function parseCreateIssue(params: Record<string, unknown>): IssueInput {
  return foldAssigneeId(parseInput(createSchema, params));
}

export function parseUpdateIssue(params: Record<string, unknown>): IssueInput {
  return foldAssigneeId(parseInput(updateSchema, params));
}
