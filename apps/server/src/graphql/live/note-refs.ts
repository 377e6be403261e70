import type { Discussion, Noteable, NoteRow } from '../../modules/notes';
import { builder } from '../builder';

/* The refs of GitLab's Note and Discussion, which name each other; implemented in note.graphql.ts and discussion.graphql.ts. */

/** A note as a subscription, a mutation or a discussion hands it over. */
export interface LiveNote {
  row: NoteRow;
  noteable: Noteable;
}

/** A thread of a noteable; `notes` when its readable notes were already read with it (a list of discussions). */
export interface LiveDiscussion {
  id: string;
  noteable: Noteable;
  notes?: Discussion['notes'];
}

export const discussionGid = (discussionId: string) => `gid://gitlab/Discussion/${discussionId}`;

export const NoteRef = builder.objectRef<LiveNote>('Note');
export const DiscussionRef = builder.objectRef<LiveDiscussion>('Discussion');
