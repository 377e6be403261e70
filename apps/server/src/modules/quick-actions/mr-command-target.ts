import { draftTitle, readyTitle } from '@meridian/domain';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { labelsByOwner, usersByOwner } from '../issuables';
import type { MergeRequestInput, MergeRequestRow } from '../merge-requests';
import { mayBeAssignedToMergeRequest, mayEditMergeRequests, updateMergeRequest } from '../merge-requests';
import type { ProjectRow } from '../namespaces';
import { labelParams, type QuickActionTargetAdapter } from './commands/command-target-adapter';
import { NO_ISSUE_FIELDS, type UpdateDelta } from './commands/command-types';
import { projectLabelOwner } from './quick-action-references';

/**
 * The merged change as one `updateMergeRequest` input (labels by title, the draft prefix applied to
 * the new or stored title) and GitLab's `commands_changes` for it (`wip_event` for the draft status).
 */
export function mergeRequestInputOf(
  delta: UpdateDelta,
  storedTitle: string,
): { input: MergeRequestInput; changes: Record<string, unknown> } {
  const {
    labels: _labels,
    wip_event,
    title,
    iteration_id,
    epic_id,
    weight,
    due_date,
    health_status,
    severity: _severity,
    confidential,
    ...rest
  } = delta;
  const input: MergeRequestInput = { ...rest };
  const changes: Record<string, unknown> = { ...rest };
  if (title !== undefined) input.title = changes.title = title;
  if (wip_event) {
    const base = title ?? storedTitle;
    input.title = wip_event === 'draft' ? draftTitle(base) : readyTitle(base);
    changes.wip_event = wip_event;
  }
  const labels = labelParams(delta, (l) => l.title);
  if (labels) {
    if (labels.replace) input.labels = changes.labels = labels.replace;
    input.add_labels = changes.add_labels = labels.add;
    input.remove_labels = changes.remove_labels = labels.remove;
  }
  return { input, changes };
}

/** The merge request `mr` (already read through the policy) as a quick action target: four statements at most. */
export async function mergeRequestQuickActionTarget(
  db: Database,
  me: Actor,
  project: ProjectRow,
  mr: MergeRequestRow,
): Promise<QuickActionTargetAdapter> {
  const [assignees, reviewers, labels] = await Promise.all([
    usersByOwner(db, 'mergeRequestAssignees', [mr.id]),
    usersByOwner(db, 'mergeRequestReviewers', [mr.id]),
    labelsByOwner(db, 'mergeRequest', [mr.id]),
  ]);
  const milestone =
    mr.milestone_id === null
      ? undefined
      : await db.selectFrom('milestones').select('title').where('id', '=', mr.milestone_id).executeTakeFirst();
  // `updateMergeRequest`'s own rule (Developer+, project not archived) for every command.
  const mayUpdate = mayEditMergeRequests(me, project);
  return {
    target: {
      kind: 'merge_request',
      persisted: true,
      state: mr.state,
      title: mr.title,
      confidential: false,
      discussionLocked: mr.discussion_locked,
      draft: mr.draft,
      labels: labels.map((l) => ({ id: l.id, title: l.title })),
      assignees: assignees.map((u) => ({ id: u.id, username: u.username })),
      reviewers: reviewers.map((u) => ({ id: u.id, username: u.username })),
      milestoneTitle: milestone?.title ?? null,
      ...NO_ISSUE_FIELDS,
      inGroup: project.namespace_type === 'Group',
      may: { admin: mayUpdate, update: mayUpdate, relate: mayUpdate },
    },
    scope: {
      me,
      project,
      labelOwner: projectLabelOwner({ me, project }),
      mayBeAssigned: mayBeAssignedToMergeRequest(project),
    },
    noun: 'merge request',
    personal: { type: 'MergeRequest', id: mr.id, noun: 'merge request' },
    update: async (ctx, delta) => {
      const { input, changes } = mergeRequestInputOf(delta, mr.title);
      await updateMergeRequest(ctx, project, mr.iid, input);
      return changes;
    },
  };
}
