import type { CellInput, RestEntry } from './catalogue-types';
import { E, EN, entry, I, mayAddNote, type NoteSide, read, signedIn, write } from './rest-catalogue-helpers';

/** REST catalogue entries for notes, discussions and award emoji on issues and epics. */
export function noteEntries(side: NoteSide): RestEntry[] {
  const base = side === 'issue' ? '/api/v4/projects/:id/issues/:issue_iid' : '/api/v4/groups/:id/epics/:epic_id';
  const at = (c: CellInput) => (side === 'issue' ? I(c) : EN(c));
  const note = (c: CellInput) => (side === 'issue' ? c.b.issueNote : c.b.epicNote);
  const noteText = (c: CellInput) => `${c.b.key} ${side} note`;
  const readParent = (c: CellInput) => (side === 'issue' ? c.o.issue('read_issue') : c.o.epic('read_epic'));
  const comment = (c: CellInput) => (side === 'issue' ? c.o.issue('create_note') : c.o.epic('create_note'));
  const can = (c: CellInput, a: 'read_note' | 'update_note' | 'destroy_note') =>
    side === 'issue' ? c.o.issueNote(a) : c.o.epicNote(a);
  const newNote = (c: CellInput) => ({ body: c.marker, internal: c.b.internal });
  const d = 'conf+internal';
  return [
    entry(
      'GET',
      `${base}/notes`,
      d,
      (c) => `${at(c)}/notes`,
      (c) => read(c, readParent(c)),
      {
        listed: { text: noteText, visible: (c) => can(c, 'read_note') },
      },
    ),
    entry(
      'POST',
      `${base}/notes`,
      d,
      (c) => `${at(c)}/notes`,
      (c) => write(c, [readParent(c)], mayAddNote(c, comment(c))),
      { body: newNote },
    ),
    entry(
      'GET',
      `${base}/notes/:note_id`,
      d,
      (c) => `${at(c)}/notes/${note(c).id}`,
      (c) => read(c, readParent(c), can(c, 'read_note')),
    ),
    entry(
      'PUT',
      `${base}/notes/:note_id`,
      d,
      (c) => `${at(c)}/notes/${note(c).id}`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], can(c, 'update_note')),
      {
        body: (c) => ({ body: c.marker }),
      },
    ),
    entry(
      'DELETE',
      `${base}/notes/:note_id`,
      d,
      (c) => `${at(c)}/notes/${note(c).id}`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], can(c, 'destroy_note')),
    ),
    entry(
      'GET',
      `${base}/discussions`,
      d,
      (c) => `${at(c)}/discussions`,
      (c) => read(c, readParent(c)),
      {
        listed: { text: noteText, visible: (c) => can(c, 'read_note') },
      },
    ),
    entry(
      'GET',
      `${base}/discussions/:discussion_id`,
      d,
      (c) => `${at(c)}/discussions/${note(c).discussionId}`,
      (c) => read(c, readParent(c), can(c, 'read_note')),
    ),
    entry(
      'POST',
      `${base}/discussions`,
      d,
      (c) => `${at(c)}/discussions`,
      (c) => write(c, [readParent(c)], mayAddNote(c, comment(c))),
      { body: newNote },
    ),
    entry(
      'POST',
      `${base}/discussions/:discussion_id/notes`,
      d,
      (c) => `${at(c)}/discussions/${note(c).discussionId}/notes`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], mayAddNote(c, comment(c))),
      {
        body: (c) => ({ body: c.marker }),
      },
    ),
    entry(
      'PUT',
      `${base}/discussions/:discussion_id/notes/:note_id`,
      d,
      (c) => `${at(c)}/discussions/${note(c).discussionId}/notes/${note(c).id}`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], can(c, 'update_note')),
      {
        body: (c) => ({ body: c.marker }),
      },
    ),
    entry(
      'DELETE',
      `${base}/discussions/:discussion_id/notes/:note_id`,
      d,
      (c) => `${at(c)}/discussions/${note(c).discussionId}/notes/${note(c).id}`,
      (c) => write(c, [readParent(c), can(c, 'read_note')], can(c, 'destroy_note')),
    ),
  ];
}

export function awardEntries(side: NoteSide): RestEntry[] {
  const base = side === 'issue' ? '/api/v4/projects/:id/issues/:issue_iid' : '/api/v4/groups/:id/epics/:epic_iid';
  const at = (c: CellInput) => (side === 'issue' ? I(c) : E(c));
  const readParent = (c: CellInput) => (side === 'issue' ? c.o.issue('read_issue') : c.o.epic('read_epic'));
  const readNote = (c: CellInput) => (side === 'issue' ? c.o.issueNote('read_note') : c.o.epicNote('read_note'));
  const note = (c: CellInput) => (side === 'issue' ? c.b.issueNote : c.b.epicNote);
  const award = (c: CellInput) => (side === 'issue' ? c.b.issueAward : c.b.epicAward);
  const noteAward = (c: CellInput) => (side === 'issue' ? c.b.issueNoteAward : c.b.epicNoteAward);
  /** Only the awarder (the `author` principal here) or an admin takes an award back. */
  const isAwarder = (c: CellInput) => c.o.admin || c.o.isAuthor;
  return [
    entry(
      'GET',
      `${base}/award_emoji`,
      'conf',
      (c) => `${at(c)}/award_emoji`,
      (c) => read(c, readParent(c)),
    ),
    entry(
      'POST',
      `${base}/award_emoji`,
      'conf',
      (c) => `${at(c)}/award_emoji`,
      (c) => write(c, [readParent(c)], signedIn(c)),
      {
        body: () => ({ name: 'tada' }),
      },
    ),
    entry(
      'GET',
      `${base}/award_emoji/:award_id`,
      'conf',
      (c) => `${at(c)}/award_emoji/${award(c).id}`,
      (c) => read(c, readParent(c)),
    ),
    entry(
      'DELETE',
      `${base}/award_emoji/:award_id`,
      'conf',
      (c) => `${at(c)}/award_emoji/${award(c).id}`,
      (c) => write(c, [readParent(c)], isAwarder(c)),
    ),
    entry(
      'GET',
      `${base}/notes/:note_id/award_emoji`,
      'conf',
      (c) => `${at(c)}/notes/${note(c).id}/award_emoji`,
      (c) => read(c, readParent(c), readNote(c)),
    ),
    entry(
      'POST',
      `${base}/notes/:note_id/award_emoji`,
      'conf',
      (c) => `${at(c)}/notes/${note(c).id}/award_emoji`,
      (c) => write(c, [readParent(c), readNote(c)], signedIn(c)),
      {
        body: () => ({ name: 'tada' }),
      },
    ),
    entry(
      'GET',
      `${base}/notes/:note_id/award_emoji/:award_id`,
      'conf',
      (c) => `${at(c)}/notes/${note(c).id}/award_emoji/${noteAward(c).id}`,
      (c) => read(c, readParent(c), readNote(c)),
    ),
    entry(
      'DELETE',
      `${base}/notes/:note_id/award_emoji/:award_id`,
      'conf',
      (c) => `${at(c)}/notes/${note(c).id}/award_emoji/${noteAward(c).id}`,
      (c) => write(c, [readParent(c), readNote(c)], isAwarder(c)),
    ),
  ];
}
