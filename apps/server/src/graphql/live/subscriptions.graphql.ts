import type { OutputRef } from '@pothos/core';
import { canSeeInternal, epicNoteable, findNote, issueNoteableOf } from '../../modules/notes';
import { builder } from '../builder';
import { nullWhenNotFound } from '../readable';
import { EpicRef, IssueRef, WorkItemRef } from '../types/refs';
import type { LiveContext, LiveItem } from './live-context';
import { liveTarget } from './live-context';
import { type LiveField, liveItemStream } from './live-stream';
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

/**
 * The argument naming the one item a subscription follows, as GitLab's subscription classes declare
 * it: note subscriptions take an optional `noteableId` (none: refused like a hidden item).
 */
const itemArgs = {
  workItemId: { type: 'WorkItemID', description: 'ID of the work item.', required: true },
  issuableId: { type: 'IssuableID', description: 'ID of the issuable.', required: true },
  // A global id, not free text (the input-limits rule asks every `note…` argument to say its cap).
  noteableId: {
    type: 'NoteableID',
    description: 'ID of the noteable.',
    required: false,
    extensions: { maxLength: 255 },
  },
} as const;

/** A subscription to one issue or epic (nullable, as GitLab's), its events `field.payload` for the changes it wants. */
function itemSubscription<T>(
  name: string,
  arg: keyof typeof itemArgs,
  field: Omit<LiveField<T>, 'name'> & { type: OutputRef<T>; description: string },
) {
  builder.subscriptionField(name, (t) =>
    t.field({
      type: field.type as OutputRef<unknown>,
      nullable: true,
      description: field.description,
      args: { [arg]: t.arg({ ...itemArgs[arg] }) },
      subscribe: async (_root, args, c) =>
        liveItemStream<T>(
          c as LiveContext,
          await liveTarget(c.ctx.database.db, args[arg] as string | null | undefined),
          {
            name,
            wants: field.wants,
            payload: field.payload,
          },
        ),
      resolve: (event) => event,
    }),
  );
}

/** The note of a created or edited note event, as the subscriber may read it now. */
async function livePayloadNote(lc: LiveContext, item: LiveItem, actor: Parameters<typeof findNote>[1], noteId: number) {
  const noteable = await noteableOf(lc, item);
  const row = await nullWhenNotFound(findNote(lc.ctx.database.db, actor, noteable, noteId));
  return row ? { row, noteable } : undefined; // none: deleted, or internal
}

/** A created or an edited note: the same payload, told apart by the event. */
for (const [name, event, description] of [
  [
    'workItemNoteCreated',
    'created',
    'Triggered when a note is created on the work item (issue or epic); internal notes only to Reporters and above.',
  ],
  [
    'workItemNoteUpdated',
    'updated',
    'Triggered when a note on the work item (issue or epic) is edited; internal notes only to Reporters and above.',
  ],
] as const) {
  itemSubscription<LiveNote>(name, 'noteableId', {
    type: NoteRef,
    description,
    wants: (change) => change.note?.event === event,
    payload: async (change, item, actor, lc) =>
      change.note?.event === event ? livePayloadNote(lc, item, actor, change.note.noteId) : undefined,
  });
}

itemSubscription<DeletedNoteShape>('workItemNoteDeleted', 'noteableId', {
  type: DeletedNoteRef,
  description: 'Triggered when a note is deleted from the work item (issue or epic).',
  wants: (change) => change.note?.event === 'deleted',
  payload: async (change, item, actor, lc) => {
    const note = change.note;
    if (note?.event !== 'deleted') return undefined;
    if (note.internal && !canSeeInternal(actor, await noteableOf(lc, item))) return undefined;
    return { id: note.noteId, discussionId: note.discussionId, lastDiscussionNote: note.lastDiscussionNote };
  },
});

itemSubscription('workItemUpdated', 'workItemId', {
  type: WorkItemRef,
  description:
    'Triggered when the work item (issue or epic) is updated: title, description, state, labels, dates and the other fields.',
  wants: (change) => change.what === 'updated',
  payload: async (_change, item) =>
    item.type === 'Issue' ? { kind: 'issue' as const, row: item.row } : { kind: 'epic' as const, row: item.row },
});

itemSubscription('issuableLabelsUpdated', 'issuableId', {
  type: IssuableRef,
  description:
    'Triggered when the labels of an issuable are updated: sent when its label set changed, not on other updates.',
  wants: (change) => change.what === 'labels',
  payload: async (_change, item) => item.row,
});
