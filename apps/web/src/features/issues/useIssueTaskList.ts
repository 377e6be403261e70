import { taskTitleAndDescription } from '@meridian/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Issue } from '../../lib/types';
import { showToast } from '../../ui/toast';
import { loadTaskListEdits, useTaskListEditing } from '../shared/taskList/useTaskListEditing';
import { updateIssue } from './issuesApi';
import { issueKeys, issueSaved } from './queries';

/** The issue types whose task items convert to child tasks (IE §2.5; epics are group items here). */
const CONVERTIBLE_TYPES = new Set(['issue', 'incident']);

export const CONVERTED_TEXT = 'Converted to task';
export const REVERTED_TEXT = 'Task reverted';
export const CONVERSION_ERROR_TEXT = 'Something went wrong while converting the task. Please try again.';

/**
 * The issue description's task list: tick, move, delete (useTaskListEditing) and, on issues and
 * incidents, 'Convert to child item' (IE §4 "Task conversion").
 */
export function useIssueTaskList(projectPath: string, issue: Issue, canUpdate: boolean) {
  const queryClient = useQueryClient();
  const [converting, setConverting] = useState(false);
  const description = issue.description ?? '';
  const issueType = issue.issue_type ?? 'issue';
  const editing = useTaskListEditing({
    description,
    lockVersion: issue.lock_version,
    canUpdate,
    itemType: issueType,
    saveDescription: async (next, lockVersion) => {
      const saved = await updateIssue(projectPath, issue.iid, { description: next, lock_version: lockVersion });
      issueSaved(queryClient, projectPath, issue.iid, saved);
      return saved;
    },
    refetch: () =>
      void queryClient.invalidateQueries({ queryKey: issueKeys.detail(projectPath, issue.iid), exact: true }),
  });
  const { save, setAlert } = editing;

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
    const { taskItemText, replaceTaskItemText } = await loadTaskListEdits();
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
      const next = replaceTaskItemText(description, index, `#${created.iid}+`);
      const saved = next === null ? null : await save(next);
      if (!saved) {
        // The description moved on meanwhile: the task goes again rather than stay unreferenced.
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

  const busy = editing.busy || converting;
  return {
    actions: editing.actions(busy, CONVERTIBLE_TYPES.has(issueType) ? (index) => void convert(index) : undefined),
    toggle: editing.toggle,
    busy,
    alert: editing.alert,
  };
}
