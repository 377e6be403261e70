import {
  parseCustomizations,
  SHORTCUT_CUSTOMIZATIONS_KEY,
  SHORTCUTS_DISABLED_KEY,
  type ShortcutCustomizations,
} from '@meridian/domain/shortcuts/index';
import { safeStorage } from '../../lib/safeStorage';

/** ⌘ is the command modifier (`mod`) on Apple keyboards, Ctrl elsewhere. */
export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The user's rebindings, read afresh (another tab may have changed them). */
export function readCustomizations(): Record<string, string[]> {
  return parseCustomizations(safeStorage.get(SHORTCUT_CUSTOMIZATIONS_KEY));
}

/** Rebinds one command (`null`: back to its defaults), keeping the others. */
export function saveCustomization(commandId: string, keys: readonly string[] | null): ShortcutCustomizations {
  const next: Record<string, readonly string[]> = { ...readCustomizations() };
  if (keys === null) delete next[commandId];
  else next[commandId] = keys;
  if (Object.keys(next).length === 0) safeStorage.remove(SHORTCUT_CUSTOMIZATIONS_KEY);
  else safeStorage.set(SHORTCUT_CUSTOMIZATIONS_KEY, JSON.stringify(next));
  return next;
}

export function shortcutsEnabled(): boolean {
  return safeStorage.get(SHORTCUTS_DISABLED_KEY) !== 'true';
}

/** GitLab's "Toggle shortcuts": stored as its `shortcutsDisabled` flag. */
export function setShortcutsEnabled(enabled: boolean): void {
  safeStorage.set(SHORTCUTS_DISABLED_KEY, String(!enabled));
}
