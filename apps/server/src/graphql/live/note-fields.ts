import type { AuthorStanding, MembershipPlace } from '../../modules/members';
import { webUrl } from '../../modules/namespaces';
import type { Noteable, NoteRow } from '../../modules/notes';
import { canEpic, canIssue, canMergeRequest, canNote } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { NoteSubject } from '../../policy/subjects';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import type { LiveNote } from './note-refs';

/* The Note fields GitLab's notes front end reads beyond the note itself: its address and permissions. */

/** Where the noteable shows in the web app (its project's path from the request's loader). */
async function noteablePath(c: GraphQLContext, n: Noteable): Promise<string> {
  if (n.kind === 'epic') return `groups/${n.row.group_full_path}/-/epics/${n.iid}`;
  const project = n.project ?? (await c.loaders.project.load(n.projectId));
  const kind = n.kind === 'issue' ? 'issues' : 'merge_requests';
  return `${project?.full_path ?? ''}/-/${kind}/${n.iid}`;
}

/** Where a note's author's role counts: the project (with its groups) or the epic's group (with its ancestors). */
function membershipPlace(n: Noteable): MembershipPlace {
  if (n.kind === 'epic') return { projectId: null, groupIds: n.subject.group.traversalIds };
  return { projectId: n.projectId, groupIds: n.subject.project.namespaceTraversalIds };
}

/** The author's role and contributor standing where the note is written (null for a deleted author). */
export async function authorStanding(c: GraphQLContext, note: LiveNote): Promise<AuthorStanding | null> {
  const userId = note.row.author_id;
  if (userId === null) return null;
  return c.loaders.noteAuthorStanding.load({ place: membershipPlace(note.noteable), userId });
}

/** GitLab's note URL: the noteable's page with the note's anchor. */
export async function noteUrl(c: GraphQLContext, n: Noteable, noteId: number): Promise<string> {
  return `${webUrl(c.ctx, await noteablePath(c, n))}#note_${noteId}`;
}

interface NotePermissionsSource {
  actor: Actor | null;
  noteable: Noteable;
  note: NoteRow;
}

const subjectOf = (s: NotePermissionsSource): NoteSubject => ({
  kind: 'note',
  noteable: s.noteable.subject,
  authorId: s.note.author_id,
  internal: s.note.internal,
  system: s.note.system,
  hidden: false,
});

/** May the actor comment on the noteable (create_note of its issue, epic or merge request)? */
function mayComment(actor: Actor | null, n: Noteable): boolean {
  if (n.kind === 'issue') return canIssue(actor, 'create_note', n.subject);
  if (n.kind === 'epic') return canEpic(actor, 'create_note', n.subject);
  return canMergeRequest(actor, 'create_note', n.subject);
}

/** GitLab's NotePermissions, each decided by policy/abilities as REST's notes routes decide them. */
export const NotePermissions = builder.objectRef<NotePermissionsSource>('NotePermissions').implement({
  description: 'Check permissions for the current user on a note.',
  fields: (t) => {
    const ability = (allows: string, can: (s: NotePermissionsSource) => boolean) =>
      t.boolean({ description: `If \`true\`, the user can ${allows}.`, resolve: can });
    const edit = (s: NotePermissionsSource) => !s.note.system && canNote(s.actor, 'update_note', subjectOf(s));
    return {
      adminNote: ability('perform :admin_note on this resource', edit),
      awardEmoji: ability('perform :award_emoji on this resource', (s) => {
        return s.actor !== null && canNote(s.actor, 'read_note', subjectOf(s));
      }),
      createNote: ability('perform :create_note on this resource', (s) => mayComment(s.actor, s.noteable)),
      readNote: ability('perform :read_note on this resource', (s) => canNote(s.actor, 'read_note', subjectOf(s))),
      repositionNote: ability('perform :reposition_note on this resource', edit),
      resolveNote: ability('perform :resolve_note on this resource', (s) => {
        return (
          s.noteable.kind === 'merge_request' &&
          s.note.resolvable &&
          canMergeRequest(s.actor, 'resolve_note', s.noteable.subject)
        );
      }),
    };
  },
});
