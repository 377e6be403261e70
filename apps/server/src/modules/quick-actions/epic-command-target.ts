import type { Database } from '../../db/connection';
import { canEpic } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { type EpicInput, type EpicRow, epicSubject, updateEpic } from '../epics';
import { labelsByOwner } from '../issuables';
import { labelParams, type QuickActionTargetAdapter } from './commands/command-target-adapter';
import { NO_ISSUE_FIELDS, type UpdateDelta } from './commands/command-types';

/** The merged change as one `updateEpic` input (labels by title); it is also the `commands_changes`. */
export function epicInputOf(delta: UpdateDelta): EpicInput {
  const input: EpicInput = {};
  if (delta.state_event) input.state_event = delta.state_event;
  if (delta.confidential !== undefined) input.confidential = delta.confidential;
  const labels = labelParams(delta, (l) => l.title);
  if (labels?.replace) input.labels = labels.replace;
  if (labels?.add.length) input.add_labels = labels.add;
  if (labels?.remove.length) input.remove_labels = labels.remove;
  return input;
}

/** The epic (already read through the policy) as a quick action target; labels are its groups'. */
export async function epicQuickActionTarget(db: Database, me: Actor, epic: EpicRow): Promise<QuickActionTargetAdapter> {
  const labels = await labelsByOwner(db, 'epic', [epic.id]);
  const mayUpdate = canEpic(me, 'update_epic', epicSubject(epic));
  return {
    target: {
      kind: 'epic',
      persisted: true,
      state: epic.state,
      title: epic.title,
      confidential: epic.confidential,
      discussionLocked: false,
      draft: false,
      labels: labels.map((l) => ({ id: l.id, title: l.title })),
      assignees: [],
      reviewers: [],
      milestoneTitle: null,
      ...NO_ISSUE_FIELDS,
      inGroup: true,
      may: { admin: mayUpdate, update: mayUpdate, relate: mayUpdate },
    },
    scope: {
      me,
      project: null,
      labelOwner: { projectId: null, groupIds: epic.group_traversal_ids },
      mayBeAssigned: () => false,
    },
    noun: 'epic',
    personal: null,
    update: async (ctx, delta) => {
      const input = epicInputOf(delta);
      await updateEpic(ctx, epic, input);
      return { ...input };
    },
  };
}
