/** The notes module's face: all that code outside it may import (modules/README.md). */
export { readableDiscussionNotes } from './discussion-notes';
export { createDiscussion, replyToDiscussion } from './discussions.service';
export {
  assertCanComment,
  epicNoteable,
  epicNoteableByIid,
  issueNoteable,
  issueNoteableOf,
  mergeRequestNoteable,
  mergeRequestSubject,
  type Noteable,
} from './noteable';
export { loadUsers, type UserMap } from './notes.presenter';
export { notesRoutes } from './notes.rest';
export { canSeeInternal, createNote, findNote, type NoteRow } from './notes.service';
