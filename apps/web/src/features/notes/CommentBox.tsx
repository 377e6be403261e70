import { useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { buttonClassName } from '../../ui/buttonClassName';
import menu from '../../ui/Menu.module.css';
import styles from './NoteEditors.module.css';
import { NoteForm } from './NoteForm';
import { commentDraftParts, type NoteableRef } from './notesApi';
import { useAddNote } from './queries';

export const INTERNAL_NOTE_TEXT = 'Make this an internal note';

/** GitLab's comment type dropdown: a plain comment or a thread, each with its help text. */
const COMMENT_TYPES = {
  comment: {
    label: 'Comment',
    internalLabel: 'Add internal note',
    help: (what: string) => `Add a general comment to this ${what}.`,
  },
  thread: {
    label: 'Start thread',
    internalLabel: 'Start internal thread',
    help: () => 'Discuss a specific suggestion or question.',
  },
} as const;
type CommentType = keyof typeof COMMENT_TYPES;

/**
 * The comment box at the end of the activity: the Markdown editor, the internal-note checkbox for
 * those who may add one, and the split Comment / Start thread button.
 */
export function CommentBox({
  noteable,
  canMarkInternal,
  autoFocus = false,
}: {
  noteable: NoteableRef;
  canMarkInternal: boolean;
  autoFocus?: boolean;
}) {
  const [type, setType] = useState<CommentType>('comment');
  const [internal, setInternal] = useState(false);
  const add = useAddNote(noteable);
  const chosen = COMMENT_TYPES[type];
  return (
    <NoteForm
      label="Comment"
      noteable={noteable}
      draftParts={commentDraftParts(noteable)}
      placeholder="Write a comment or drag your files here…"
      autoFocus={autoFocus}
      onSubmit={(body) => add.mutateAsync({ body, internal: internal && canMarkInternal, thread: type === 'thread' })}
      actions={({ disabled }) => (
        <div className={styles.split}>
          <button
            type="submit"
            className={`${buttonClassName('confirm', 'small')} ${styles.splitMain}`}
            disabled={disabled}
          >
            {internal ? chosen.internalLabel : chosen.label}
          </button>
          <MenuTrigger>
            <AriaButton
              className={`${buttonClassName('confirm', 'small')} ${styles.splitToggle}`}
              aria-label="Comment type"
            >
              <span aria-hidden="true">▾</span>
            </AriaButton>
            <Popover className={menu.popover} placement="bottom end">
              <Menu
                className={menu.menu}
                selectionMode="single"
                selectedKeys={[type]}
                onAction={(key) => setType(key as CommentType)}
              >
                {(Object.keys(COMMENT_TYPES) as CommentType[]).map((key) => (
                  <MenuItem key={key} id={key} className={menu.item} textValue={COMMENT_TYPES[key].label}>
                    <span className={styles.typeOption}>
                      <strong>{COMMENT_TYPES[key].label}</strong>
                      <span className={styles.muted}>
                        {COMMENT_TYPES[key].help(noteable.kind === 'merge_request' ? 'merge request' : noteable.kind)}
                      </span>
                    </span>
                  </MenuItem>
                ))}
              </Menu>
            </Popover>
          </MenuTrigger>
        </div>
      )}
    >
      {canMarkInternal && (
        <label className={styles.internalCheck}>
          <input type="checkbox" checked={internal} onChange={(event) => setInternal(event.target.checked)} />{' '}
          {INTERNAL_NOTE_TEXT}
        </label>
      )}
    </NoteForm>
  );
}
