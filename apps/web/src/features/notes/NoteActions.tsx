import { lazy, Suspense, useState } from 'react';
import styles from './Notes.module.css';
import type { NoteDetail } from './notesApi';

const loadPopover = () => import('./NoteActionsPopover');
const NoteActionsPopover = lazy(async () => ({ default: (await loadPopover()).NoteActionsPopover }));

export const DELETE_COMMENT_TEXT = 'Are you sure you want to delete this comment?';

export interface NoteActionsProps {
  /** The menu shows for signed-in readers only; 'Report abuse' is offered on others' comments. */
  note: NoteDetail;
  mine: boolean;
  canDelete: boolean;
  onDelete: () => void;
}

export const MORE_ACTIONS_LABEL = 'More actions';

/**
 * The note's "More actions" menu. Until its first press it is a plain button; the menu's code (React
 * Aria) loads on hover or focus and mounts open on the press, as the issue actions menu does.
 */
export function NoteActionsMenu(props: NoteActionsProps) {
  const [opened, setOpened] = useState(false);
  const placeholder = (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={MORE_ACTIONS_LABEL}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setOpened(true)}
    >
      <span aria-hidden="true">⋮</span>
    </button>
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NoteActionsPopover {...props} />
    </Suspense>
  );
}
