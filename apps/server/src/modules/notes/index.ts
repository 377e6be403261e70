/** The notes module's face: all that code outside it may import (modules/README.md). */
export { readableComments, readableNotesOfDiscussions } from './discussion-notes';
export {
  canResolveThreads,
  createDiscussion,
  type Discussion,
  type DiscussionFilter,
  listDiscussions,
  replyToDiscussion,
} from './discussions.service';
export { createNoteSchema } from './note-params';
export {
  assertCanComment,
  epicNoteable,
  epicNoteableByIid,
  issueNoteableOf,
  mergeRequestSubject,
  type Noteable,
  noteableById,
  projectNoteable,
} from './noteable';
export { loadUsers, type UserMap } from './notes.presenter';
export { canSeeInternal, createNote, deleteNoteById, findNote, type NoteRow } from './notes.service';
