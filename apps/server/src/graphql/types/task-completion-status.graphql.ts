import { builder } from '../builder';

/** GitLab's TaskCompletionStatus: the task list items of a description, and how many are checked. */
export const TaskCompletionStatus = builder
  .objectRef<{ count: number; completed_count: number }>('TaskCompletionStatus')
  .implement({
    description: 'Completion status of tasks',
    fields: (t) => ({
      count: t.int({ description: 'Number of total tasks.', resolve: (s) => s.count }),
      completedCount: t.int({ description: 'Number of completed tasks.', resolve: (s) => s.completed_count }),
    }),
  });
