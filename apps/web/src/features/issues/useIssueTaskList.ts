import {
  deleteTaskItem,
  moveTaskItem,
  parseTaskItems,
  replaceTaskItemText,
  setTaskItem,
  taskItemText,
  taskSiblings,
  taskTitleAndDescription,
} from '@meridian/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import type { Issue } from '../../lib/types';
import { showToast } from '../../ui/toast';
import type { TaskListActions } from '../shared/taskList/taskListActions';
import { issueKeys, useUpdateIssue } from './queries';

/** The issue types whose task items convert to child tasks (IE §2.5; epics are group items here). */
const CONVERTIBLE_TYPES = new Set(['issue', 'incident']);

export const CONVERTED_TEXT = 'Converted to task';
export const REVERTED_TEXT = 'Task reverted';
export const TASK_LIST_ERROR_TEXT = 'Something went wrong while updating the task list. Please try again.';
export const CONVERSION_ERROR_TEXT = 'Something went wrong while converting the task. Please try again.';
/** GitLab's task-list conflict alert (description.vue taskListUpdateError). */
export const taskListConflictText = (issueType: string) =>
  `Someone edited this ${issueType} at the same time you did. The description has been updated and you will need to make your changes again.`;

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The issue description's task list (IE §2.5, §4): ticking, reordering, deleting and converting
 * items. Every change saves the whole description with the lock_version it was read at; while one
 * is in flight `busy` holds the page's polling, and a failure shows an alert and refetches.
 */
export function useIssueTaskList(projectPath: string, issue: Issue, canUpdate: boolean) {
  const queryClient = useQueryClient();
  const update = useUpdateIssue(projectPath, issue.iid);
  const [converting, setConverting] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const description = issue.description ?? '';
  const issueType = issue.issue_type ?? 'issue';
  const busy = update.isPending || converting;

  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, issue.iid), exact: true });
  const failed = (error: unknown, otherwise: string) => {
    setAlert(isConflict(error) ? taskListConflictText(issueType) : otherwise);
    refetch();
  };
  /** Saves `next` over the description read at `lockVersion`; null when it failed (alert shown, refetched). */
  const save = async (next: string, lockVersion = issue.lock_version, otherwise = TASK_LIST_ERROR_TEXT) => {
    setAlert(null);
    try {
      return await update.mutateAsync({ description: next, lock_version: lockVersion });
    } catch (error) {
      failed(error, otherwise);
      return null;
    }
  };

  const toggle = (index: number, checked: boolean) => {
    const next = setTaskItem(description, index, checked);
    if (next !== null) void save(next);
  };

  const undo = async (oldDescription: string, lockVersion: number | undefined, workItemId: string) => {
    setConverting(true);
    try {
      if (!(await save(oldDescription, lockVersion, CONVERSION_ERROR_TEXT))) return;
      const { deleteWorkItem } = await import('./taskConversionApi');
      await deleteWorkItem(workItemId);
      showToast(REVERTED_TEXT);
    } catch {
      setAlert(CONVERSION_ERROR_TEXT);
    } finally {
      setConverting(false);
    }
  };

  const convert = async (index: number) => {
    const source = taskItemText(description, index);
    if (!source) return;
    const { title, description: body } = taskTitleAndDescription(source.title, source.description);
    setAlert(null);
    setConverting(true);
    try {
      const api = await import('./taskConversionApi');
      let created: { id: string; iid: string };
      try {
        created = await api.createChildTask({
          projectPath,
          title,
          description: body,
          confidential: issue.confidential === true,
          parentId: api.workItemGid(issue.id),
          milestoneId: issue.milestone ? api.milestoneGid(issue.milestone.id) : null,
          iterationId: issue.iteration ? api.iterationGid(issue.iteration.id) : null,
        });
      } catch {
        setAlert(CONVERSION_ERROR_TEXT);
        return;
      }
      const next = replaceTaskItemText(description, index, `#${created.iid}`);
      const saved = next === null ? null : await save(next);
      if (!saved) {
        // The description moved on meanwhile: the task goes again rather than float unreferenced.
        await api.deleteWorkItem(created.id).catch(() => setAlert(CONVERSION_ERROR_TEXT));
        return;
      }
      showToast(CONVERTED_TEXT, {
        label: 'Undo',
        run: () => void undo(description, saved.lock_version, created.id),
      });
    } finally {
      setConverting(false);
    }
  };

  const actions: TaskListActions | undefined = canUpdate
    ? {
        taskCount: parseTaskItems(description).length,
        busy,
        siblings: (index) => taskSiblings(description, index),
        onMove: (from, to) => {
          const moved = moveTaskItem(description, from, to);
          if (!moved) return null;
          void save(moved.markdown);
          return moved.index;
        },
        onDelete: (index) => {
          const next = deleteTaskItem(description, index);
          if (next !== null) void save(next);
        },
        onConvert: CONVERTIBLE_TYPES.has(issueType) ? (index) => void convert(index) : undefined,
      }
    : undefined;

  return { actions, toggle: canUpdate ? toggle : undefined, busy, alert };
}
