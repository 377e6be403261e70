/** The system-notes module's face: all that code outside it may import (modules/README.md). */
export {
  addSystemNote,
  deleteAwardEmoji,
  deleteNoteableRecords,
  issueNoteTarget,
  type NoteableType,
  newDiscussionId,
  type SystemNoteNames,
} from './noteable-records';
