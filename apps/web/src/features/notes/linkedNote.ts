import { useSyncExternalStore } from 'react';

/** The note a `#note_12` link names (as the to-do list and 'Copy link' give), or null. */
export function linkedNoteId(): number | null {
  const match = /^#note_(\d{1,12})$/.exec(window.location.hash);
  return match ? Number(match[1]) : null;
}

const onHashChange = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};

/** Whether the address names this note: it is then highlighted, as GitLab marks a linked note, until the link changes. */
export function useIsLinkedNote(noteId: number): boolean {
  return useSyncExternalStore(onHashChange, () => linkedNoteId() === noteId);
}
