import { taskCompletionStatus } from '../../modules/issuables';
import { issueSubject } from '../../modules/issues';
import { listParticipants } from '../../modules/subscriptions';
import { canIssue } from '../../policy/abilities';
import { pageArgs, paginateArray } from '../connection';
import { CustomerRelationsContactConnection } from './customer-relations.graphql';
import { UserCoreConnection } from './issue.graphql';
import { LabelConnection } from './label.graphql';
import { TaskCompletionStatus } from './task-completion-status.graphql';
import { childStats, epicRow, issueRow, widget } from './work-item-widget';
import './work-item-planning-widgets.graphql';
import './work-item-time-tracking.graphql';
import './work-item-hierarchy-widget.graphql';
import './work-item-conversation-widgets.graphql';
import { userByIdField } from './user-field';

/*
 * The widgets of a work item (IE-41), one GraphQL type per widget type, as GitLab's
 * WorkItemWidget* types: the people and text widgets here; dates and planning, time tracking and
 * the hierarchy in their own files. Which widgets a type has is the pure table in packages/domain.
 */

export { WidgetRef, type WidgetShape } from './work-item-widget';

widget('WorkItemWidgetAssignees', 'ASSIGNEES', 'Represents an assignees widget.', (t) => ({
  allowsMultipleAssignees: t.boolean({
    description: 'Indicates whether multiple assignees are allowed.',
    resolve: () => true,
  }),
  canInviteMembers: t.boolean({
    description: 'Indicates whether the current user can invite members.',
    resolve: () => false,
  }),
  assignees: t.field({
    type: UserCoreConnection,
    nullable: true,
    description: 'Assignees of the work item.',
    args: { ...pageArgs },
    resolve: async (w, args, c) => {
      const row = issueRow(w);
      return paginateArray(args, row ? await c.loaders.issueAssignees.load(row.id) : []);
    },
  }),
}));

widget('WorkItemWidgetLabels', 'LABELS', 'Represents the labels widget.', (t) => ({
  allowsScopedLabels: t.boolean({ description: 'Indicates whether a scoped label is allowed.', resolve: () => true }),
  labels: t.field({
    type: LabelConnection,
    nullable: true,
    description: 'Labels assigned to the work item.',
    args: { ...pageArgs },
    resolve: async (w, args, c) => {
      const labels =
        w.item.kind === 'epic' ? c.loaders.epicLabels.load(w.item.row.id) : c.loaders.issueLabels.load(w.item.row.id);
      return paginateArray(args, await labels);
    },
  }),
}));

widget('WorkItemWidgetDescription', 'DESCRIPTION', 'Represents a description widget.', (t) => ({
  description: t.string({
    nullable: true,
    description: 'Description of the work item.',
    resolve: (w) => w.item.row.description,
  }),
  descriptionHtml: t.string({
    nullable: true,
    description: 'GitLab Flavored Markdown rendering of `description`.',
    resolve: (w, _a, c) =>
      c.loaders.readableHtml.load({
        table: w.item.kind === 'epic' ? 'epics' : 'issues',
        id: w.item.row.id,
        html: w.item.row.description_html,
      }),
  }),
  taskCompletionStatus: t.field({
    type: TaskCompletionStatus,
    description: "Task completion status of the work item's description (its task list items).",
    resolve: (w) => taskCompletionStatus(w.item.row.description),
  }),
  edited: t.boolean({
    description: 'Whether the description has been edited since the work item was created.',
    resolve: (w) => w.item.row.last_edited_at !== null,
  }),
  lastEditedAt: t.field({
    type: 'Time',
    nullable: true,
    description: "Timestamp of when the work item's description was last edited.",
    resolve: (w) => w.item.row.last_edited_at,
  }),
  lastEditedBy: userByIdField(
    t,
    "User that made the last edit to the work item's description.",
    (w) => w.item.row.last_edited_by_id,
  ),
}));

widget('WorkItemWidgetWeight', 'WEIGHT', 'Represents a weight widget.', (t) => ({
  weight: t.int({
    nullable: true,
    description: 'Weight of the work item.',
    resolve: (w) => issueRow(w)?.weight ?? null,
  }),
  rolledUpWeight: t.int({
    nullable: true,
    description: 'Weight of the work item, rolled up from its descendants.',
    resolve: async (w, _a, c) => {
      const epic = epicRow(w);
      if (epic) {
        const s = await c.loaders.treeStats.load(epic.id);
        return s.openedIssuesWeight + s.closedIssuesWeight;
      }
      return (await childStats(c, w.item)).reduce((sum, s) => sum + s.weight, 0);
    },
  }),
  rolledUpCompletedWeight: t.int({
    nullable: true,
    description: 'Completed weight of the work item, rolled up from its closed descendants.',
    resolve: async (w, _a, c) => {
      const epic = epicRow(w);
      if (epic) return (await c.loaders.treeStats.load(epic.id)).closedIssuesWeight;
      return (await childStats(c, w.item)).filter((s) => s.state === 'closed').reduce((sum, s) => sum + s.weight, 0);
    },
  }),
}));

widget('WorkItemWidgetParticipants', 'PARTICIPANTS', 'Represents a participants widget.', (t) => ({
  participants: t.field({
    type: UserCoreConnection,
    nullable: true,
    description: 'Participants in the work item (its author, assignees and commenters; at most 100).',
    args: { ...pageArgs },
    resolve: async (w, args, c) => {
      if (w.item.kind === 'issue') {
        const db = c.ctx.database.db;
        const subject = await issueSubject(db, w.item.row);
        const target = { type: 'Issue', id: w.item.row.id } as const;
        return paginateArray(args, await listParticipants(db, target, (u) => canIssue(u, 'read_issue', subject)));
      }
      const author = w.item.row.author_id ? await c.loaders.user.load(w.item.row.author_id) : null;
      return paginateArray(args, author ? [author] : []);
    },
  }),
}));

widget('WorkItemWidgetCrmContacts', 'CRM_CONTACTS', 'Represents CRM contacts (none in Meridian).', (t) => ({
  contactsAvailable: t.boolean({ description: 'Indicates whether CRM contacts can be added.', resolve: () => false }),
  contacts: t.field({
    type: CustomerRelationsContactConnection,
    nullable: true,
    description: 'Collection of CRM contacts associated with the work item (Meridian keeps none: always empty).',
    args: { ...pageArgs },
    resolve: (_w, args) => paginateArray(args, [] as never[]),
  }),
}));
