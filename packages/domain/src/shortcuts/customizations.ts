import { SHORTCUT_COMMANDS, type ShortcutCommand, type ShortcutContext } from './catalogue';
import { parseKeySequence } from './keys';
import type { Binding } from './matching';

/** A user's rebindings as GitLab stores them: command id → its key sequences (`[]` turns it off). */
export type ShortcutCustomizations = Readonly<Record<string, readonly string[]>>;

const MAX_KEYS_PER_COMMAND = 4;

/**
 * The stored rebindings, keeping only what may be customised and parses (IE §6): a hand-edited or
 * stale entry for an unknown or fixed command, or one with a key that is not valid, is dropped.
 */
export function parseCustomizations(stored: string | null): Record<string, string[]> {
  if (!stored || stored.length > 20_000) return {};
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const kept: Record<string, string[]> = {};
  for (const [id, keys] of Object.entries(value)) {
    if (!SHORTCUT_COMMANDS.get(id)?.customizable || !Array.isArray(keys) || keys.length > MAX_KEYS_PER_COMMAND)
      continue;
    if (!keys.every((k) => typeof k === 'string' && parseKeySequence(k, false) !== null)) continue;
    kept[id] = keys as string[];
  }
  return kept;
}

/** The keys a command answers to: the user's, when it may be and has been rebound, else its defaults. */
export function keysFor(command: ShortcutCommand, customizations: ShortcutCustomizations): readonly string[] {
  if (!command.customizable) return command.defaultKeys;
  return customizations[command.id] ?? command.defaultKeys;
}

/** The bindings that fire in a context, among the commands the caller can run there. */
export function bindingsFor(
  context: ShortcutContext,
  runnable: (id: string) => boolean,
  customizations: ShortcutCustomizations,
  isMac: boolean,
): Binding[] {
  const bindings: Binding[] = [];
  for (const command of SHORTCUT_COMMANDS.values()) {
    if (!command.contexts?.includes(context) || !runnable(command.id)) continue;
    for (const keys of keysFor(command, customizations)) {
      const sequence = parseKeySequence(keys, isMac);
      if (sequence) bindings.push({ id: command.id, sequence });
    }
  }
  return bindings;
}

const sameSequence = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((stroke, index) => stroke === b[index]);

/**
 * The other commands that already answer to one of `keys` where `commandId` fires too: a
 * rebinding to offer only when this is empty. A command that deliberately shadows a broader one
 * (GitLab's `overrideGlobalHotkey`) does not conflict with it.
 */
export function findConflicts(
  commandId: string,
  keys: readonly string[],
  customizations: ShortcutCustomizations,
  isMac: boolean,
): string[] {
  const command = SHORTCUT_COMMANDS.get(commandId);
  if (!command) return [];
  const wanted = keys.map((k) => parseKeySequence(k, isMac)).filter((s): s is string[] => s !== null);
  if (wanted.length === 0) return [];
  const conflicts: string[] = [];
  for (const other of SHORTCUT_COMMANDS.values()) {
    if (other.id === commandId) continue;
    if (!other.contexts?.some((c) => command.contexts?.includes(c))) continue;
    if ((other.overrides || command.overrides) && other.group !== command.group) continue;
    const clash = keysFor(other, customizations).some((k) => {
      const sequence = parseKeySequence(k, isMac);
      return sequence !== null && wanted.some((w) => sameSequence(w, sequence));
    });
    if (clash) conflicts.push(other.id);
  }
  return conflicts;
}
