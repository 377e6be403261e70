import { parseTaskItems, taskSiblings } from '@meridian/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import type { TaskListActions } from './taskListActions';

export const TASK_LIST_ERROR_TEXT = 'Something went wrong while updating the task list. Please try again.';
/** GitLab's task-list conflict alert (description.vue taskListUpdateError). */
export const taskListConflictText = (itemType: string) =>
  `Someone edited this ${itemType} at the same time you did. The description has been updated and you will need to make your changes again.`;

/** The description rewrites, loaded on the first edit: a reader who only reads never needs them. */
export const loadTaskListEdits = () => import('@meridian/domain/task-list/edit-task-items');

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

export interface TaskListEditingOptions {
  description: string;
  lockVersion: number | undefined;
  canUpdate: boolean;
  /** 'issue', 'incident', 'epic': named in the conflict alert. */
  itemType: string;
  /** Saves the whole description over the one read at `lockVersion` (a stale one answers 409). */
  saveDescription: (description: string, lockVersion: number | undefined) => Promise<{ lock_version?: number }>;
  /** Fetches the item again (after a failed save). */
  refetch: () => void;
}

/**
 * An issue's or epic's description task list (IE §2.5, §4): tick, move and delete items. Every
 * change saves the whole description with the lock_version it was read at; while one is in flight
 * `busy` holds the page's polling, and a failure shows an alert (GitLab's conflict text on a 409)
 * and refetches.
 */
export function useTaskListEditing(options: TaskListEditingOptions) {
  const { description, canUpdate } = options;
  const [pending, setPending] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);

  /** Saves `next`; null when it failed (the alert shown, the item refetched). */
  const save = async (next: string, lockVersion = options.lockVersion, otherwise = TASK_LIST_ERROR_TEXT) => {
    setAlert(null);
    setPending((count) => count + 1);
    try {
      return await options.saveDescription(next, lockVersion);
    } catch (error) {
      setAlert(isConflict(error) ? taskListConflictText(options.itemType) : otherwise);
      options.refetch();
      return null;
    } finally {
      setPending((count) => count - 1);
    }
  };

  const toggle = async (index: number, checked: boolean) => {
    const next = (await loadTaskListEdits()).setTaskItem(description, index, checked);
    if (next !== null) void save(next);
  };

  /** The controls' actions, with 'Convert to child item' when `onConvert` is given. */
  const actions = (busy: boolean, onConvert?: (index: number) => void): TaskListActions | undefined =>
    canUpdate
      ? {
          taskCount: parseTaskItems(description).length,
          busy,
          siblings: (index) => taskSiblings(description, index),
          onMove: async (from, to) => {
            const moved = (await loadTaskListEdits()).moveTaskItem(description, from, to);
            if (!moved) return null;
            void save(moved.markdown);
            return moved.index;
          },
          onDelete: async (index) => {
            const next = (await loadTaskListEdits()).deleteTaskItem(description, index);
            if (next !== null) void save(next);
          },
          onConvert,
        }
      : undefined;

  return { save, toggle: canUpdate ? toggle : undefined, actions, busy: pending > 0, alert, setAlert };
}
