import type { Todo } from './queries';

/** What the author did, as GitLab's to-do list words it ("mentioned you", "assigned you"…). */
export function todoActionText(todo: Pick<Todo, 'action_name'>): string {
  switch (todo.action_name) {
    case 'assigned':
      return 'assigned you';
    case 'mentioned':
    case 'directly_addressed':
      return 'mentioned you';
    case 'marked':
      return 'added a to-do item';
    case 'review_requested':
      return 'requested a review';
    case 'approval_required':
      return 'set you as an approver';
    default:
      return todo.action_name.replaceAll('_', ' ');
  }
}

/** The target as the list names it: `Issue #3` style type word plus the full reference. */
export function todoTargetText(todo: Pick<Todo, 'target_type' | 'target'>): string {
  const type = todo.target_type === 'MergeRequest' ? 'merge request' : todo.target_type.toLowerCase();
  return `${type} ${todo.target.reference}`;
}
