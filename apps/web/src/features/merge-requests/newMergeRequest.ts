import { draftTitle, readyTitle } from '@meridian/domain';
import type { PickerOption } from '../shared/sidebar/sidebarOptions';

/** What the New merge request form holds besides the description. */
export interface NewMergeRequestValues {
  sourceBranch: string;
  targetBranch: string;
  title: string;
  assignees: PickerOption[];
  reviewers: PickerOption[];
  milestone: PickerOption | null;
  labels: string[];
}

/** The form's values in GitLab's `POST /projects/:id/merge_requests` names (only what was set). */
export interface NewMergeRequestBody {
  source_branch: string;
  target_branch: string;
  title: string;
  description: string;
  assignee_ids?: number[];
  reviewer_ids?: number[];
  milestone_id?: number;
  /** Label titles, comma-separated as GitLab takes them. */
  labels?: string;
}

const ids = (people: PickerOption[]) => people.map((p) => Number(p.id));

export function newMergeRequestBody(values: NewMergeRequestValues, description: string): NewMergeRequestBody {
  return {
    source_branch: values.sourceBranch.trim(),
    target_branch: values.targetBranch.trim(),
    title: values.title.trim(),
    description,
    ...(values.assignees.length ? { assignee_ids: ids(values.assignees) } : {}),
    ...(values.reviewers.length ? { reviewer_ids: ids(values.reviewers) } : {}),
    ...(values.milestone ? { milestone_id: Number(values.milestone.id) } : {}),
    ...(values.labels.length ? { labels: values.labels.join(',') } : {}),
  };
}

/** "Mark as draft" puts GitLab's `Draft: ` before the title, or takes every draft prefix off it. */
export function titleWithDraft(title: string, draft: boolean): string {
  return draft ? draftTitle(title) : readyTitle(title);
}
