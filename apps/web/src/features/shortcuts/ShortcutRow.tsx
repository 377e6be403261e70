import {
  findConflicts,
  keysFor,
  parseKeySequence,
  SHORTCUT_COMMANDS,
  type ShortcutCommand,
  type ShortcutCustomizations,
  strokeLabel,
} from '@meridian/domain/shortcuts/index';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonClassName } from '../../ui/buttonClassName';
import styles from './ShortcutsDialog.module.css';
import { RUNNABLE_COMMAND_IDS } from './shortcutActions';
import { isMac, saveCustomization } from './shortcutSettings';

function Keys({ keys }: { keys: readonly string[] }) {
  if (keys.length === 0) return <span className={styles.or}>Off</span>;
  return keys.map((binding, index) => (
    <span key={binding}>
      {index > 0 && <span className={styles.or}> or </span>}
      {(parseKeySequence(binding, isMac) ?? [binding]).map((stroke, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sequence may repeat a stroke (`g g`).
        <span key={position}>
          {position > 0 && <span className={styles.then}> then </span>}
          {strokeLabel(stroke, isMac).map((part) => (
            <kbd key={part} className={styles.kbd}>
              {part}
            </kbd>
          ))}
        </span>
      ))}
    </span>
  ));
}

/** Why a typed binding cannot be saved, or null when it can. */
function problemWith(commandId: string, typed: string, customizations: ShortcutCustomizations): string | null {
  if (parseKeySequence(typed, isMac) === null)
    return 'Not a key sequence: type keys such as "g i", "shift+e" or "mod+shift+k".';
  const clashes = findConflicts(commandId, [typed], customizations, isMac);
  if (clashes.length === 0) return null;
  const names = clashes.map((id) => `"${SHORTCUT_COMMANDS.get(id)?.description ?? id}"`).join(', ');
  return `Already used by ${names}.`;
}

/** One shortcut of the help dialog: its keys and, when it may be rebound, a small editor. */
export function ShortcutRow({
  command,
  customizations,
  onSaved,
}: {
  command: ShortcutCommand;
  customizations: ShortcutCustomizations;
  onSaved: (next: ShortcutCustomizations) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  // Closing the editor gives focus back to its Change button, not to the page behind the dialog.
  const changeButton = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!editing && returnFocus) {
      changeButton.current?.focus();
      setReturnFocus(false);
    }
  }, [editing, returnFocus]);
  const close = () => {
    setEditing(false);
    setReturnFocus(true);
  };
  const keys = keysFor(command, customizations);
  const rebindable = command.customizable && RUNNABLE_COMMAND_IDS.has(command.id);
  const customized = rebindable && customizations[command.id] !== undefined;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = problemWith(command.id, typed, customizations);
    setProblem(found);
    if (found) return;
    onSaved(saveCustomization(command.id, [typed.trim()]));
    close();
  };
  const reset = () => {
    onSaved(saveCustomization(command.id, null));
    close();
  };

  return (
    <div className={styles.row}>
      <dt className={styles.keys}>
        <Keys keys={keys} />
      </dt>
      <dd className={styles.description}>
        <span className={styles.text}>
          {command.description}
          {customized && <span className={styles.or}> (customised)</span>}
        </span>
        {rebindable && !editing && (
          <button
            ref={changeButton}
            type="button"
            className={`${buttonClassName('tertiary', 'small')} ${styles.change}`}
            aria-label={`Change keys for ${command.description}`}
            onClick={() => {
              setTyped(keys[0] ?? '');
              setProblem(null);
              setEditing(true);
            }}
          >
            Change
          </button>
        )}
        {editing && (
          <form className={styles.rebind} onSubmit={save}>
            <input
              aria-label={`Keys for ${command.description}`}
              aria-invalid={problem !== null}
              aria-describedby={problem ? errorId : undefined}
              value={typed}
              maxLength={60}
              placeholder="e.g. g i, shift+e"
              // biome-ignore lint/a11y/noAutofocus: opened by the user's Change button, to type the keys.
              autoFocus
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className={buttonClassName('confirm', 'small')}>
              Save
            </button>
            <button type="button" className={buttonClassName('default', 'small')} onClick={reset}>
              Reset
            </button>
            <button type="button" className={buttonClassName('tertiary', 'small')} onClick={close}>
              Cancel
            </button>
            {problem && (
              <p id={errorId} role="alert" className={styles.problem}>
                {problem}
              </p>
            )}
          </form>
        )}
      </dd>
    </div>
  );
}
