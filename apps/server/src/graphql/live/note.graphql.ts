import { systemNoteIconName } from '@meridian/domain';
import type { Noteable, NoteRow } from '../../modules/notes';
import { readableDiscussionNotes } from '../../modules/notes';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateArray } from '../connection';
import { gid } from '../gid';
import { NotePermissions, noteUrl } from './note-fields';
import '../types/global-ids';
import { userByIdField } from '../types/user-field';

/** Notes a discussion lists at most (GitLab pages them; a thread is rarely longer). */
export const MAX_DISCUSSION_NOTES = 100;

/** A note as a subscription hands it over; `nested` notes (inside their discussion) link no further. */
export interface LiveNote {
  row: NoteRow;
  noteable: Noteable;
  nested: boolean;
}

interface LiveDiscussion {
  id: string;
  noteable: Noteable;
}

export interface DeletedNoteShape {
  id: number;
  discussionId: string;
  lastDiscussionNote: boolean;
}

export const discussionGid = (discussionId: string) => `gid://gitlab/Discussion/${discussionId}`;

export const NoteRef = builder.objectRef<LiveNote>('Note');
const DiscussionRef = builder.objectRef<LiveDiscussion>('Discussion');
export const DeletedNoteRef = builder.objectRef<DeletedNoteShape>('DeletedNote');

NoteRef.implement({
  description: 'A comment or system note on an issue or epic.',
  fields: (t) => ({
    id: t.field({ type: 'NoteID', description: 'ID of the note.', resolve: (n) => gid('Note', n.row.id) }),
    body: t.string({ description: 'Content of the note.', resolve: (n) => n.row.note }),
    bodyHtml: t.string({
      description: 'GitLab Flavored Markdown rendering of `note`.',
      // References the subscriber may not read are shown as text, as on every HTTP read of a note.
      resolve: (n, _a, c) => (n.row.note_html ? c.loaders.redactedHtml.load(n.row.note_html) : n.row.note_html),
    }),
    internal: t.boolean({ description: 'Indicates an internal note.', resolve: (n) => n.row.internal }),
    system: t.boolean({
      description: 'Indicates whether the note was created by the system.',
      resolve: (n) => n.row.system,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of the note creation.',
      resolve: (n) => n.row.created_at,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: "Timestamp of the note's last activity.",
      resolve: (n) => n.row.updated_at,
    }),
    author: userByIdField(t, 'User who wrote the note.', (n) => n.row.author_id),
    systemNoteIconName: t.string({
      nullable: true,
      description: 'Name of the icon corresponding to a system note.',
      resolve: (n) => (n.row.system ? systemNoteIconName(n.row.note) : null),
    }),
    lastEditedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp when note was last edited.',
      resolve: (n) => n.row.last_edited_at,
    }),
    lastEditedBy: userByIdField(t, 'User who last edited the note.', (n) => n.row.updated_by_id),
    url: t.string({
      nullable: true,
      description: 'URL to view the note in the Web UI.',
      resolve: (n, _a, c) => noteUrl(c, n.noteable, n.row.id),
    }),
    userPermissions: t.field({
      type: NotePermissions,
      description: 'Permissions for the current user on the resource',
      resolve: (n, _a, c) => ({ actor: c.actor, noteable: n.noteable, note: n.row }),
    }),
    discussion: t.field({
      type: DiscussionRef,
      nullable: true,
      description: 'The discussion (thread) the note belongs to; null on the notes listed inside it.',
      resolve: (n) => (n.nested ? null : { id: n.row.discussion_id, noteable: n.noteable }),
    }),
  }),
});

const NoteConnection = defineConnection('Note', NoteRef);

DiscussionRef.implement({
  description: 'A thread of notes.',
  fields: (t) => ({
    id: t.field({ type: 'DiscussionID', description: 'ID of the discussion.', resolve: (d) => discussionGid(d.id) }),
    notes: t.field({
      type: NoteConnection,
      description: `All notes in the discussion you may read, oldest first (the first ${MAX_DISCUSSION_NOTES}).`,
      args: { ...pageArgs },
      resolve: async (d, args, c) => {
        const rows = await readableDiscussionNotes(c.ctx.database.db, c.actor, d.noteable, d.id, MAX_DISCUSSION_NOTES);
        return paginateArray(
          args,
          rows.map((row) => ({ row, noteable: d.noteable, nested: true })),
        );
      },
    }),
  }),
});

DeletedNoteRef.implement({
  description: 'A note that was deleted.',
  fields: (t) => ({
    id: t.field({ type: 'NoteID', description: 'ID of the deleted note.', resolve: (n) => gid('Note', n.id) }),
    discussionId: t.field({
      type: 'DiscussionID',
      nullable: true,
      description: 'ID of the discussion for the deleted note.',
      resolve: (n) => discussionGid(n.discussionId),
    }),
    lastDiscussionNote: t.boolean({
      nullable: true,
      description: 'Whether the deleted note was the last note in the discussion.',
      resolve: (n) => n.lastDiscussionNote,
    }),
  }),
});
