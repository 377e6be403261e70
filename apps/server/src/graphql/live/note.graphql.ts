import { systemNoteIconName } from '@meridian/domain';
import { accessLevelNames } from '../../policy/access-levels';
import { builder } from '../builder';
import { gid } from '../gid';
import { authorStanding, NotePermissions, noteUrl } from './note-fields';
import { DiscussionRef, discussionGid, NoteRef } from './note-refs';
import '../types/global-ids';
import './discussion.graphql';
import { userByIdField } from '../types/user-field';

export { DiscussionRef, discussionGid, type LiveDiscussion, type LiveNote, NoteRef } from './note-refs';

export interface DeletedNoteShape {
  id: number;
  discussionId: string;
  lastDiscussionNote: boolean;
}

export const DeletedNoteRef = builder.objectRef<DeletedNoteShape>('DeletedNote');

/** GitLab's SystemNoteMetadata: what a system note records. Meridian keeps no description versions. */
const SystemNoteMetadataRef = builder.objectRef<{ noteId: number; action: string | null }>('SystemNoteMetadata');
const DescriptionVersionRef = builder.objectRef<never>('DescriptionVersion').implement({
  description: 'A version of a description (Meridian keeps none: `descriptionVersion` is always null).',
  fields: (t) => ({
    id: t.id({ description: 'ID of the description version.', resolve: () => '' }),
    description: t.string({
      nullable: true,
      description: 'Content of the given description version.',
      resolve: () => null,
    }),
  }),
});
SystemNoteMetadataRef.implement({
  description: 'What a system note records.',
  fields: (t) => ({
    id: t.id({
      description: 'Global ID of the specific system note metadata.',
      resolve: (m) => gid('SystemNoteMetadata', m.noteId),
    }),
    action: t.string({
      nullable: true,
      description: 'System note metadata action (the icon its text shows).',
      resolve: (m) => m.action,
    }),
    descriptionVersion: t.field({
      type: DescriptionVersionRef,
      nullable: true,
      description: 'Version of the changed description (Meridian keeps no versions: null).',
      resolve: () => null,
    }),
  }),
});

NoteRef.implement({
  description: 'A comment or system note on an issue or epic.',
  fields: (t) => ({
    id: t.field({ type: 'NoteID', description: 'ID of the note.', resolve: (n) => gid('Note', n.row.id) }),
    body: t.string({ description: 'Content of the note.', resolve: (n) => n.row.note }),
    bodyHtml: t.string({
      description: 'GitLab Flavored Markdown rendering of `note`.',
      // References the subscriber may not read are shown as text, as on every HTTP read of a note.
      resolve: (n, _a, c) => c.loaders.readableHtml.load({ table: 'notes', id: n.row.id, html: n.row.note_html }),
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
    authorIsContributor: t.boolean({
      nullable: true,
      description: 'Indicates whether the note author is a contributor (merged work in the project without a role).',
      resolve: async (n, _a, c) => (await authorStanding(c, n))?.contributor ?? false,
    }),
    externalAuthor: t.string({
      nullable: true,
      description: 'Email address of an external participant who wrote the note (none in Meridian: null).',
      resolve: () => null,
    }),
    maxAccessLevelOfAuthor: t.string({
      nullable: true,
      description: 'Max access level of the note author in the project or group (null without a role).',
      resolve: async (n, _a, c) => {
        const level = (await authorStanding(c, n))?.accessLevel ?? 0;
        return level > 0 ? (accessLevelNames[level] ?? null) : null;
      },
    }),
    systemNoteIconName: t.string({
      nullable: true,
      description: 'Name of the icon corresponding to a system note.',
      resolve: (n) => (n.row.system ? systemNoteIconName(n.row.note) : null),
    }),
    systemNoteMetadata: t.field({
      type: SystemNoteMetadataRef,
      nullable: true,
      description: 'Metadata for the given system note (null on comments).',
      resolve: (n) => (n.row.system ? { noteId: n.row.id, action: systemNoteIconName(n.row.note) } : null),
    }),
    lastEditedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp when note was last edited.',
      resolve: (n) => n.row.last_edited_at,
    }),
    lastEditedBy: userByIdField(t, 'User who last edited the note.', (n) => n.row.updated_by_id),
    resolvable: t.boolean({
      description: 'Indicates if the object can be resolved.',
      resolve: (n) => n.row.resolvable && !n.row.system,
    }),
    resolved: t.boolean({
      description: 'Indicates if the object is resolved.',
      resolve: (n) => n.row.resolved_at !== null,
    }),
    resolvedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the object was resolved.',
      resolve: (n) => n.row.resolved_at,
    }),
    resolvedBy: userByIdField(t, 'User who resolved the object.', (n) => n.row.resolved_by_id),
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
      description: 'The discussion (thread) the note belongs to.',
      resolve: (n) => ({ id: n.row.discussion_id, noteable: n.noteable }),
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
