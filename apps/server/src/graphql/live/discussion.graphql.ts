import { type ThreadResolution, threadResolution } from '@meridian/domain';
import type { NoteRow } from '../../modules/notes';
import { defineConnection, pageArgs, paginateArray } from '../connection';
import type { GraphQLContext } from '../context';
import { MAX_DISCUSSION_NOTES } from '../loaders/note.loaders';
import { UserRef } from '../types/refs';
import { NotePermissions } from './note-fields';
import { DiscussionRef, discussionGid, type LiveDiscussion, NoteRef } from './note-refs';

const NoteConnection = defineConnection('Note', NoteRef);

/** The discussion's readable notes, oldest first: those read with it, else from the request's batch loader. */
function notesOf(d: LiveDiscussion, c: GraphQLContext): NoteRow[] | Promise<NoteRow[]> {
  return d.notes ?? c.loaders.discussionNotes.load({ noteable: d.noteable, discussionId: d.id });
}

const resolutions = new WeakMap<LiveDiscussion, Promise<ThreadResolution>>();

/** The thread's resolution, worked out once per discussion of a response whichever fields ask. */
function resolution(d: LiveDiscussion, c: GraphQLContext): Promise<ThreadResolution> {
  let found = resolutions.get(d);
  if (!found) {
    found = Promise.resolve(notesOf(d, c)).then(threadResolution);
    resolutions.set(d, found);
  }
  return found;
}

DiscussionRef.implement({
  description: 'A thread of notes.',
  fields: (t) => ({
    id: t.field({ type: 'DiscussionID', description: 'ID of the discussion.', resolve: (d) => discussionGid(d.id) }),
    replyId: t.field({
      type: 'DiscussionID',
      description: 'ID used to reply to the discussion.',
      resolve: (d) => discussionGid(d.id),
    }),
    createdAt: t.field({
      type: 'Time',
      nullable: true,
      description: "Timestamp of the discussion's creation.",
      resolve: async (d, _a, c) => (await notesOf(d, c))[0]?.created_at ?? null,
    }),
    notes: t.field({
      type: NoteConnection,
      description: `All notes in the discussion you may read, oldest first (the first ${MAX_DISCUSSION_NOTES}).`,
      args: { ...pageArgs },
      resolve: async (d, args, c) =>
        paginateArray(
          args,
          (await notesOf(d, c)).map((row) => ({ row, noteable: d.noteable })),
        ),
    }),
    resolvable: t.boolean({
      description: 'Indicates if the object can be resolved.',
      resolve: async (d, _a, c) => (await resolution(d, c)).resolvable,
    }),
    resolved: t.boolean({
      description: 'Indicates if the object is resolved.',
      resolve: async (d, _a, c) => (await resolution(d, c)).resolved,
    }),
    resolvedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the object was resolved.',
      resolve: async (d, _a, c) => (await resolution(d, c)).resolvedAt,
    }),
    resolvedBy: t.field({
      type: UserRef,
      nullable: true,
      description: 'User who resolved the object.',
      resolve: async (d, _a, c) => {
        const id = (await resolution(d, c)).resolvedById;
        return id === null ? null : c.loaders.user.load(id);
      },
    }),
    userPermissions: t.field({
      type: NotePermissions,
      nullable: true,
      description: "Permissions for the current user on the discussion's first note.",
      resolve: async (d, _a, c) => {
        const first = (await notesOf(d, c))[0];
        return first ? { actor: c.actor, noteable: d.noteable, note: first } : null;
      },
    }),
  }),
});
