import { DomainError } from '../../errors';
import { canSeeInternal, epicNoteable, findNote, issueNoteableOf } from '../../modules/notes';
import { builder } from '../builder';
import { EpicRef, IssueRef } from '../types/refs';
import type { LiveContext, LiveItem } from './live-context';
import { liveTarget } from './live-context';
import { liveItemStream } from './live-stream';
import { DeletedNoteRef, type DeletedNoteShape, type LiveNote, NoteRef } from './note.graphql';

const noteableOf = (c: LiveContext, item: LiveItem) =>
  item.type === 'Issue' ? issueNoteableOf(c.ctx.database.db, item.row) : Promise.resolve(epicNoteable(item.row));

/** GitLab's `Issuable` union (issues and epics here). */
const IssuableRef = builder.unionType('Issuable', {
  description: 'Represents an issuable.',
  types: [IssueRef, EpicRef],
  resolveType: (row) => ('project_id' in row ? 'Issue' : 'Epic'),
});

builder.subscriptionType({
  description:
    'Live updates over WebSocket (graphql-ws protocol) at the GraphQL path: one issue or epic each, for who may read it.',
});

builder.subscriptionField('workItemNoteCreated', (t) =>
  t.field({
    type: NoteRef,
    nullable: true,
    description:
      'Triggered when a note is created on the work item (issue or epic); internal notes only to Reporters and above.',
    args: { workItemId: t.arg({ type: 'WorkItemID', required: true, description: 'ID of the work item.' }) },
    subscribe: async (_root, args, c) =>
      liveItemStream<LiveNote>(c as LiveContext, await liveTarget(c.ctx.database.db, args.workItemId), {
        name: 'workItemNoteCreated',
        wants: (change) => change.note?.event === 'created',
        payload: async (change, item, actor, lc) => {
          if (change.note?.event !== 'created') return undefined;
          const noteable = await noteableOf(lc, item);
          try {
            return {
              row: await findNote(lc.ctx.database.db, actor, noteable, change.note.noteId),
              noteable,
              nested: false,
            };
          } catch (error) {
            if (error instanceof DomainError && error.code === 'not_found') return undefined; // deleted, or internal
            throw error;
          }
        },
      }),
    resolve: (note) => note,
  }),
);

builder.subscriptionField('workItemNoteDeleted', (t) =>
  t.field({
    type: DeletedNoteRef,
    nullable: true,
    description: 'Triggered when a note is deleted from the work item (issue or epic).',
    args: { workItemId: t.arg({ type: 'WorkItemID', required: true, description: 'ID of the work item.' }) },
    subscribe: async (_root, args, c) =>
      liveItemStream<DeletedNoteShape>(c as LiveContext, await liveTarget(c.ctx.database.db, args.workItemId), {
        name: 'workItemNoteDeleted',
        wants: (change) => change.note?.event === 'deleted',
        payload: async (change, item, actor, lc) => {
          const note = change.note;
          if (note?.event !== 'deleted') return undefined;
          if (note.internal && !canSeeInternal(actor, await noteableOf(lc, item))) return undefined;
          return { id: note.noteId, discussionId: note.discussionId, lastDiscussionNote: note.lastDiscussionNote };
        },
      }),
    resolve: (deleted) => deleted,
  }),
);

builder.subscriptionField('workItemUpdated', (t) =>
  t.field({
    type: IssuableRef,
    nullable: true,
    description:
      'Triggered when the work item (issue or epic) is updated: title, description, state, labels, dates and the other fields.',
    args: { workItemId: t.arg({ type: 'WorkItemID', required: true, description: 'ID of the work item.' }) },
    subscribe: async (_root, args, c) =>
      liveItemStream(c as LiveContext, await liveTarget(c.ctx.database.db, args.workItemId), {
        name: 'workItemUpdated',
        wants: (change) => change.what === 'updated',
        payload: async (_change, item) => item.row,
      }),
    resolve: (row) => row,
  }),
);

builder.subscriptionField('issuableLabelsUpdated', (t) =>
  t.field({
    type: IssuableRef,
    nullable: true,
    description:
      'Triggered when the labels of an issuable are updated: sent when its label set changed, not on other updates.',
    args: { issuableId: t.arg({ type: 'IssuableID', required: true, description: 'ID of the issuable.' }) },
    subscribe: async (_root, args, c) =>
      liveItemStream(c as LiveContext, await liveTarget(c.ctx.database.db, args.issuableId), {
        name: 'issuableLabelsUpdated',
        wants: (change) => change.what === 'labels',
        payload: async (_change, item) => item.row,
      }),
    resolve: (row) => row,
  }),
);
