import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import menu from '../../ui/Menu.module.css';
import styles from './Notes.module.css';
import type { NoteDetail } from './notesApi';

export const DELETE_COMMENT_TEXT = 'Are you sure you want to delete this comment?';

type NoteActionKey = 'copy-link' | 'report-abuse' | 'delete';

/**
 * The 'Report abuse' item of the note actions menu: the moderation drawer (features/moderation, merged
 * separately) wires it here by returning its opener; until then the item is not offered.
 */
export function reportAbuseAction(_note: NoteDetail): (() => void) | null {
  return null;
}

/** The note's "More actions" menu: Copy link, Report abuse (others' notes), Delete comment (when allowed). */
export function NoteActionsMenu({
  note,
  mine,
  canDelete,
  onDelete,
}: {
  note: NoteDetail;
  mine: boolean;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const reportAbuse = mine ? null : reportAbuseAction(note);
  const run = (key: NoteActionKey) => {
    if (key === 'copy-link') {
      const url = new URL(window.location.href);
      url.hash = `note_${note.id}`;
      void navigator.clipboard?.writeText(url.toString());
    } else if (key === 'report-abuse') reportAbuse?.();
    else if (window.confirm(DELETE_COMMENT_TEXT)) onDelete();
  };
  return (
    <MenuTrigger>
      <AriaButton className={styles.iconButton} aria-label="More actions">
        <span aria-hidden="true">⋮</span>
      </AriaButton>
      <Popover className={menu.popover} placement="bottom end">
        <Menu className={menu.menu} onAction={(key) => run(key as NoteActionKey)}>
          <MenuItem id="copy-link" className={menu.item}>
            Copy link
          </MenuItem>
          {reportAbuse && (
            <MenuItem id="report-abuse" className={menu.item}>
              Report abuse
            </MenuItem>
          )}
          {canDelete && <Separator className={menu.separator} />}
          {canDelete && (
            <MenuItem id="delete" className={`${menu.item} ${menu.danger}`}>
              Delete comment
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
