import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, request } from '../../lib/api';
import { useApiList } from '../../lib/queries';

/** One to-do item as GitLab's `GET /todos` answers it (the fields the list shows). */
export interface Todo {
  id: number;
  action_name: string;
  target_type: 'Issue' | 'Epic' | 'MergeRequest';
  target: { iid: number | null; title: string; state: string; web_url: string; reference: string };
  target_url: string;
  body: string;
  state: 'pending' | 'done';
  author: { id: number; name: string; username: string; avatar_url: string | null } | null;
  created_at: string;
}

export const todoKeys = {
  all: ['todos'] as const,
};

export type TodoState = 'pending' | 'done';

export const TODOS_PER_PAGE = 20;

export function useTodos(state: TodoState, page: number) {
  return useApiList<Todo>(todoKeys.all, apiPath('/todos', { state, page, per_page: TODOS_PER_PAGE }));
}

/** Mark one to-do done or pending again (Undo), or every pending one done; the lists refetch. */
export function useTodoMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; to: TodoState } | 'all') =>
      change === 'all'
        ? request('/api/v4/todos/mark_as_done', { method: 'POST' })
        : request(`/api/v4/todos/${change.id}/${change.to === 'done' ? 'mark_as_done' : 'mark_as_pending'}`, {
            method: 'POST',
          }),
    onSettled: () => client.invalidateQueries({ queryKey: todoKeys.all }),
  });
}
