import { useState } from 'react';
import { MenuItem, Separator } from 'react-aria-components';
import menu from '../../ui/Menu.module.css';
import { LazyReportAbuseDrawer } from '../moderation/LazyReportAbuseDrawer';
import { MountedOpenMenu } from '../shared/MountedOpenMenu';
import { DELETE_COMMENT_TEXT, MORE_ACTIONS_LABEL, type NoteActionsProps } from './NoteActions';
// The real trigger looks as its placeholder (NoteActions) does.
import styles from './Notes.module.css';

type NoteActionKey = 'copy-link' | 'report-abuse' | 'delete';

/** The menu itself, mounted open by the first press of NoteActionsMenu's placeholder: Copy link, Report abuse (others' notes), Delete comment (when allowed). */
export function NoteActionsPopover({ note, mine, canDelete, onDelete }: NoteActionsProps) {
  const [reporting, setReporting] = useState(false);
  const canReport = !mine && note.author !== null;
  const noteUrl = () => {
    const url = new URL(window.location.href);
    url.hash = `note_${note.id}`;
    return url.toString();
  };
  const run = (key: NoteActionKey) => {
    if (key === 'copy-link') void navigator.clipboard?.writeText(noteUrl());
    else if (key === 'report-abuse') setReporting(true);
    else if (window.confirm(DELETE_COMMENT_TEXT)) onDelete();
  };
  return (
    <>
      <MountedOpenMenu
        label={MORE_ACTIONS_LABEL}
        className={styles.iconButton}
        onAction={(key) => run(key as NoteActionKey)}
      >
        <MenuItem id="copy-link" className={menu.item}>
          Copy link
        </MenuItem>
        {canReport && (
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
      </MountedOpenMenu>
      {note.author && (
        <LazyReportAbuseDrawer
          isOpen={reporting}
          onOpenChange={setReporting}
          reportedUserId={note.author.id}
          reportedFromUrl={noteUrl()}
        />
      )}
    </>
  );
}
