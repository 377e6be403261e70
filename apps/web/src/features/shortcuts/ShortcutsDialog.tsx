import { SHORTCUT_GROUPS, type ShortcutCustomizations, type ShortcutGroup } from '@meridian/domain/shortcuts/index';
import { useId, useState } from 'react';
import { Modal } from '../../ui/Modal';
import { ShortcutRow } from './ShortcutRow';
import styles from './ShortcutsDialog.module.css';
import { readCustomizations, setShortcutsEnabled, shortcutsEnabled } from './shortcutSettings';

/** GitLab's filter: a group whose name matches keeps all its shortcuts, else the matching ones. */
function filterGroups(search: string): ShortcutGroup[] {
  const term = search.trim().toLocaleLowerCase();
  if (!term) return [...SHORTCUT_GROUPS];
  return SHORTCUT_GROUPS.map((group) =>
    group.name.toLocaleLowerCase().includes(term)
      ? group
      : { ...group, commands: group.commands.filter((c) => c.description.toLocaleLowerCase().includes(term)) },
  ).filter((group) => group.commands.length > 0);
}

/**
 * The keyboard-shortcuts help dialog (`?`, IE §2.7): the thirteen groups with their keys, GitLab's
 * search box and "Toggle shortcuts" switch, and a Change button on each shortcut one may rebind
 * (IE §6) and Meridian runs.
 */
export function ShortcutsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const [search, setSearch] = useState('');
  const [enabled, setEnabled] = useState(shortcutsEnabled);
  const [customizations, setCustomizations] = useState<ShortcutCustomizations>(readCustomizations);
  const toggleId = useId();
  const groups = filterGroups(search);

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="Keyboard shortcuts" size="large">
      <div className={styles.toolbar}>
        <input
          type="search"
          className={styles.search}
          aria-label="Search keyboard shortcuts"
          placeholder="Search keyboard shortcuts"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className={styles.toggle} htmlFor={toggleId}>
          Toggle shortcuts
          <input
            id={toggleId}
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={enabled}
            aria-checked={enabled}
            onChange={(event) => {
              setShortcutsEnabled(event.target.checked);
              setEnabled(event.target.checked);
            }}
          />
        </label>
      </div>
      {groups.length === 0 ? (
        <p>No shortcuts matched your search</p>
      ) : (
        <div className={styles.groups}>
          {groups.map((group) => (
            <section key={group.id} className={styles.group} aria-label={group.name}>
              <h3 className={styles.groupTitle}>{group.name}</h3>
              <dl className={styles.list}>
                {group.commands.map((command) => (
                  <ShortcutRow
                    key={command.id}
                    command={command}
                    customizations={customizations}
                    onSaved={setCustomizations}
                  />
                ))}
              </dl>
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
