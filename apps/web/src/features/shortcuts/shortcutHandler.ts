import { bindingsFor, flushPending, matchStroke, strokeFromKeyPress } from '@meridian/domain/shortcuts/index';
import { currentPage, SHORTCUT_ACTIONS, type ShortcutHost, type ShortcutPage } from './shortcutActions';
import { isMac, readCustomizations } from './shortcutSettings';

/** How long a sequence (`g` … `i`) waits for its next key, as GitLab's Mousetrap. */
const SEQUENCE_TIMEOUT_MS = 1000;

/**
 * The keyboard-shortcut handler (IE §2.7, §9), loaded on the first key press that could be one: the
 * app shell's listener passes it the key presses made outside text fields and dialogs while
 * shortcuts are on. Bindings are worked out per key press from the page and the user's
 * rebindings, so a rebinding or a new page applies at once.
 */
export function createShortcutHandler(host: ShortcutHost): (event: KeyboardEvent) => void {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const runnerFor = (id: string, page: ShortcutPage) => SHORTCUT_ACTIONS[id]?.(page, host) ?? null;
  const bindingsHere = (page: ShortcutPage) =>
    bindingsFor(page.context, (id) => runnerFor(id, page) !== null, readCustomizations(), isMac);

  return (event: KeyboardEvent) => {
    const stroke = strokeFromKeyPress(event, isMac);
    if (stroke === null) return;
    clearTimeout(timer);
    const page = currentPage(window.location.pathname);
    const bindings = bindingsHere(page);
    const result = matchStroke(bindings, pending, stroke);
    pending = result.pending;
    if (result.run.length > 0 || pending.length > 0) event.preventDefault();
    for (const id of result.run) runnerFor(id, page)?.();
    if (pending.length > 0) {
      const waiting = pending;
      timer = setTimeout(() => {
        pending = [];
        const id = flushPending(bindings, waiting);
        if (id) runnerFor(id, page)?.();
      }, SEQUENCE_TIMEOUT_MS);
    }
  };
}
