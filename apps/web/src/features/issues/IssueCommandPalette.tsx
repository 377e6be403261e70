import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { Modal } from '../../ui/Modal';
import type { IssueActionsMenuProps } from './IssueActionsMenu';
import styles from './IssueCommandPalette.module.css';
import { openSidebarEditor, sidebarEditButtons } from './sidebar/sidebarEditButtons';
import { menuActionItems, useIssueMenuActions } from './useIssueMenuActions';

/** Menu actions that open their own dialog: the palette hides meanwhile and goes when it closes. */
const DIALOG_COMMANDS = new Set(['delete', 'report-abuse', 'spam']);

export interface IssueCommand {
  id: string;
  title: string;
  run: () => void;
}

/** The sidebar fields this reader may edit, as commands that open their editors (their Edit buttons). */
function sidebarCommands(): IssueCommand[] {
  return sidebarEditButtons().map(({ label, button }) => ({
    id: `sidebar-${label}`,
    title: `${label[0]?.toUpperCase() ?? ''}${label.slice(1)}`,
    run: () => openSidebarEditor(button),
  }));
}

/**
 * Beyond GitLab: Ctrl/Cmd+K on the issue page lists every action this reader may take — the header's,
 * the actions menu's and each editable sidebar field — and runs the one chosen by name. Type to
 * filter (every word must match), arrows to move, Enter to run.
 */
export function IssueCommandPalette({
  issue,
  projectPath,
  permissions,
  signedIn,
  headerCommands,
  onDismiss,
}: IssueActionsMenuProps & {
  /** Edit, Close / Reopen: what the header shows this reader. */
  headerCommands: IssueCommand[];
  onDismiss: () => void;
}) {
  const menu = useIssueMenuActions(issue, projectPath);
  const currentUserId = useSession().user?.id;
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (confirming && !menu.dialogOpen && !menu.busy) onDismiss();
  }, [confirming, menu.dialogOpen, menu.busy, onDismiss]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const sidebar = useMemo(sidebarCommands, []);
  const commands: IssueCommand[] = [
    ...headerCommands,
    ...menuActionItems(issue, { signedIn, currentUserId, ...permissions }).map(({ key, label }) => ({
      id: key,
      title: label,
      run: () => void menu.run(key),
    })),
    ...sidebar,
  ];
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = commands.filter((c) => words.every((word) => c.title.toLowerCase().includes(word)));
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  const choose = (command: IssueCommand | undefined) => {
    if (!command) return;
    if (DIALOG_COMMANDS.has(command.id)) setConfirming(true);
    else onDismiss();
    command.run();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[current]);
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <>
      <Modal isOpen={!confirming} onOpenChange={(open) => !open && onDismiss()} title="Issue commands">
        <input
          className={styles.search}
          role="combobox"
          aria-label="Type a command"
          aria-expanded
          aria-controls={listId}
          aria-activedescendant={shown.length ? optionId(current) : undefined}
          placeholder="Type a command, e.g. close, label, copy"
          value={query}
          maxLength={100}
          // biome-ignore lint/a11y/noAutofocus: the palette opens on the user's shortcut, at its search.
          autoFocus
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label="Commands" className={styles.list}>
          {shown.map((command, index) => (
            <div
              key={command.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={styles.option}
              // Focus stays in the combobox (aria-activedescendant); a pointer may still pick an option.
              tabIndex={-1}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(command)}
              onKeyDown={(event) => event.key === 'Enter' && choose(command)}
            >
              {command.title}
            </div>
          ))}
        </div>
        {shown.length === 0 && <p className={styles.empty}>No matching commands</p>}
        {menu.failure && <Alert variant="danger">{menu.failure}</Alert>}
      </Modal>
      {menu.dialogs}
    </>
  );
}
