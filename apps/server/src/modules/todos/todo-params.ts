import { MAX_INT4 } from '@meridian/domain';
import { z } from 'zod';
import { pageParams } from '../../rest/pagination';

export const TODO_ACTIONS = [
  'assigned',
  'mentioned',
  'build_failed',
  'marked',
  'approval_required',
  'directly_addressed',
  'review_requested',
] as const;
export type TodoAction = (typeof TODO_ACTIONS)[number];

const id = z.coerce.number({ message: 'must be a number' }).int().positive().max(MAX_INT4);

/** `GET /todos` (GitLab's filters; pending by default). */
export const listTodosSchema = pageParams.extend({
  action: z.enum(TODO_ACTIONS).optional(),
  author_id: id.optional(),
  project_id: id.optional(),
  group_id: id.optional(),
  state: z.enum(['pending', 'done']).default('pending'),
  type: z.enum(['Issue', 'MergeRequest', 'Epic']).optional(),
});
export type ListTodosParams = z.infer<typeof listTodosSchema>;
