import { lazy } from 'react';
import { PressToLoadMenu } from '../shared/PressToLoadMenu';
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

/** The note's "More actions" menu, loaded on first use as the issue actions menu is. */
export function NoteActionsMenu(props: NoteActionsProps) {
  return (
    <PressToLoadMenu label={MORE_ACTIONS_LABEL} className={styles.iconButton} preload={loadPopover}>
      <NoteActionsPopover {...props} />
    </PressToLoadMenu>
  );
}
