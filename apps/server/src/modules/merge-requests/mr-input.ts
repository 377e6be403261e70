import { z } from 'zod';
import { gitlabBoolean, gitlabList, parseInput } from '../../rest/params';
import { foldAssigneeId, idList, nullableId } from '../issuables';

/** Fields settable on create and update (GitLab names, already parsed). */
export interface MergeRequestInput {
  title?: string;
  description?: string;
  source_branch?: string;
  target_branch?: string;
  assignee_ids?: number[];
  reviewer_ids?: number[];
  milestone_id?: number | null;
  labels?: string[];
  add_labels?: string[];
  remove_labels?: string[];
  discussion_locked?: boolean;
  /** Update only. */
  state_event?: 'close' | 'reopen';
}

const branch = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^\s~^:?*[\\]+$/, 'not a valid branch name');

const base = {
  description: z.string().max(1_048_576).optional(),
  assignee_ids: idList.optional(),
  assignee_id: nullableId.optional(),
  reviewer_ids: idList.optional(),
  milestone_id: nullableId.optional(),
  labels: gitlabList.optional(),
  add_labels: gitlabList.optional(),
  remove_labels: gitlabList.optional(),
  discussion_locked: gitlabBoolean.optional(),
};
const title = z.string().trim().min(1).max(255);

const createSchema = z.object({ source_branch: branch, target_branch: branch, title, ...base });
const updateSchema = z.object({
  title: title.optional(),
  target_branch: branch.optional(),
  state_event: z.enum(['close', 'reopen']).optional(),
  ...base,
});

export function parseCreateMergeRequest(params: Record<string, unknown>): MergeRequestInput {
  return foldAssigneeId(parseInput(createSchema, params));
}

export function parseUpdateMergeRequest(params: Record<string, unknown>): MergeRequestInput {
  return foldAssigneeId(parseInput(updateSchema, params));
}
