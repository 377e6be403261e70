import { type DiscussionFilter, epicNoteable, issueNoteableOf, listDiscussions } from '../../modules/notes';
import { defineConnection, pageArgs, paginateService } from '../connection';
import { DiscussionRef } from '../live/note.graphql';
import { describedEnum } from './described-enum';
import { currentUserTodosField } from './epic-sidebar.graphql';
import { widget } from './work-item-widget';

/*
 * The widgets every work item type has in GitLab: its discussions (NOTES), the viewer's subscription
 * (NOTIFICATIONS) and the viewer's to-dos (CURRENT_USER_TODOS).
 */

const NotesFilterType = describedEnum('NotesFilterType', 'Work item notes collection type.', {
  ALL_NOTES: 'Show all activity',
  ONLY_COMMENTS: 'Show comments only',
  ONLY_ACTIVITY: 'Show history only',
});
const FILTERS: Record<string, DiscussionFilter> = {
  ALL_NOTES: 'all',
  ONLY_COMMENTS: 'comments',
  ONLY_ACTIVITY: 'activity',
};

const WorkItemDiscussionsSort = describedEnum('WorkItemDiscussionsSort', 'Values for sorting work item discussions.', {
  CREATED_ASC: 'Created at in ascending order.',
  CREATED_DESC: 'Created at in descending order.',
});

const DiscussionConnection = defineConnection('Discussion', DiscussionRef);

widget('WorkItemWidgetNotes', 'NOTES', 'Represents a notes widget.', (t) => ({
  discussionLocked: t.boolean({
    nullable: true,
    description: 'Discussion lock attribute of notes widget of the work item.',
    resolve: (w) => (w.item.kind === 'issue' ? w.item.row.discussion_locked : false),
  }),
  discussions: t.field({
    type: DiscussionConnection,
    nullable: true,
    description: 'Discussions on this work item you may read (internal notes only for who may see them).',
    args: {
      ...pageArgs,
      filter: t.arg({
        type: NotesFilterType,
        required: false,
        defaultValue: 'ALL_NOTES',
        description: 'Type of notes collection: ALL_NOTES, ONLY_COMMENTS, ONLY_ACTIVITY.',
      }),
      sort: t.arg({
        type: WorkItemDiscussionsSort,
        required: false,
        defaultValue: 'CREATED_ASC',
        description: 'Sort the discussions by creation time.',
      }),
    },
    resolve: async (w, args, c) => {
      const db = c.ctx.database.db;
      const noteable = w.item.kind === 'issue' ? await issueNoteableOf(db, w.item.row) : epicNoteable(w.item.row);
      return paginateService(args, async (window) => {
        const page = await listDiscussions(db, c.actor, noteable, {
          ...window,
          filter: FILTERS[args.filter ?? 'ALL_NOTES'],
          order: args.sort === 'CREATED_DESC' ? 'desc' : 'asc',
        });
        return {
          rows: page.discussions.map((d) => ({ id: d.id, noteable, notes: d.notes })),
          total: page.total,
        };
      });
    },
  }),
}));

widget('WorkItemWidgetNotifications', 'NOTIFICATIONS', 'Represents the notifications widget.', (t) => ({
  subscribed: t.boolean({
    description: 'Whether the current user is subscribed to notifications on the work item.',
    resolve: (w, _a, c) =>
      w.item.kind === 'issue'
        ? c.loaders.issueSubscribed.load(w.item.row.id)
        : c.loaders.epicSubscribed.load(w.item.row.id),
  }),
}));

widget('WorkItemWidgetCurrentUserTodos', 'CURRENT_USER_TODOS', 'Represents a to-do widget.', (t) => ({
  currentUserTodos: currentUserTodosField(t, (w, c) =>
    w.item.kind === 'issue'
      ? c.loaders.pendingIssueTodos.load(w.item.row.id)
      : c.loaders.pendingEpicTodos.load(w.item.row.id),
  ),
}));
