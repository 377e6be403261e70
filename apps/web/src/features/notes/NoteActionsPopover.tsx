import { useLayoutEffect, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import menu from '../../ui/Menu.module.css';
import { DELETE_COMMENT_TEXT, MORE_ACTIONS_LABEL, type NoteActionsProps, reportAbuseAction } from './NoteActions';
import styles from './NoteEditors.module.css';

type NoteActionKey = 'copy-link' | 'report-abuse' | 'delete';

/** The menu itself, mounted open by the first press of NoteActionsMenu's placeholder: Copy link, Report abuse (others' notes), Delete comment (when allowed). */
export function NoteActionsPopover({ note, mine, canDelete, onDelete }: NoteActionsProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  useLayoutEffect(() => {
    trigger.current?.focus();
    setOpen(true);
  }, []);
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
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <AriaButton ref={trigger} className={styles.iconButton} aria-label={MORE_ACTIONS_LABEL}>
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
