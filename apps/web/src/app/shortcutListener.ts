import type { ShortcutHost } from '../features/shortcuts/shortcutActions';
import { safeStorage } from '../lib/safeStorage';
import { isTypingTarget } from '../lib/shortcuts';

const NOT_A_SHORTCUT = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Tab', 'Enter', ' ']);

/**
 * The one keydown listener of the keyboard shortcuts (IE §2.7, §9), kept small for every page's
 * first load: the handler and the catalogue load on the first key press that could be a shortcut
 * (made outside text fields and dialogs, while GitLab's `shortcutsDisabled` flag is off). Returns
 * the uninstaller.
 */
export function installShortcutListener(host: ShortcutHost, target: Document = document): () => void {
  let handle: ((event: KeyboardEvent) => void) | null = null;
  let queued: KeyboardEvent[] | null = null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat || NOT_A_SHORTCUT.has(event.key)) return;
    if (isTypingTarget(event.target) || safeStorage.get('shortcutsDisabled') === 'true') return;
    if (handle) return handle(event);
    if (queued) return void queued.push(event);
    queued = [event];
    void import('../features/shortcuts/shortcutHandler').then(({ createShortcutHandler }) => {
      const created = createShortcutHandler(host);
      handle = created;
      for (const early of queued ?? []) created(early);
      queued = null;
    });
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
