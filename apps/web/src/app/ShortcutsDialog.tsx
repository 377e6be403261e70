import { SHORTCUT_GROUPS } from '../lib/shortcuts';
import { Modal } from '../ui/Modal';
import styles from './ShortcutsDialog.module.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

function keyLabel(key: string): string {
  return key
    .split('+')
    .map((part) =>
      part === 'mod' ? (isMac ? '⌘' : 'Ctrl') : part === 'shift' ? 'Shift' : part === 'esc' ? 'Esc' : part,
    )
    .join(' + ');
}

/** The keyboard-shortcuts help dialog (`?`). */
export function ShortcutsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="Keyboard shortcuts" size="large">
      <div className={styles.groups}>
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.name} className={styles.group} aria-label={group.name}>
            <h3 className={styles.groupTitle}>{group.name}</h3>
            <dl className={styles.list}>
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.description} className={styles.row}>
                  <dt className={styles.keys}>
                    {shortcut.keys.map((sequence, index) => (
                      <span key={sequence.join(' ')}>
                        {index > 0 && <span className={styles.or}> or </span>}
                        {sequence.map((key) => (
                          <kbd key={key} className={styles.kbd}>
                            {keyLabel(key)}
                          </kbd>
                        ))}
                      </span>
                    ))}
                  </dt>
                  <dd className={styles.description}>{shortcut.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
