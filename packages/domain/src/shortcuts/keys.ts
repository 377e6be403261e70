/**
 * Key strokes in one canonical spelling, so that a binding written as GitLab writes it (`shift+p`,
 * `mod+\`, `ctrl+shift+p`, `shift+/`) and a key press compare as plain strings.
 *
 * Canonical stroke: modifiers in the order mod, ctrl, meta, alt, shift, then the key: a lower-case
 * letter, a digit or symbol as typed (`?`, not `shift+/`), or a named key (`esc`, `enter`, `up`…).
 * `mod` is the platform's command modifier: ⌘ on a Mac, Ctrl elsewhere.
 */

/** What a stroke needs from a keyboard event (a `KeyboardEvent` fits). */
export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const MODIFIER_ORDER = ['mod', 'ctrl', 'meta', 'alt', 'shift'] as const;
type Modifier = (typeof MODIFIER_ORDER)[number];

/** Named keys as a binding writes them (Mousetrap's names), and as `KeyboardEvent.key` reports them. */
const NAMED_KEYS: Readonly<Record<string, string>> = {
  esc: 'esc',
  escape: 'esc',
  enter: 'enter',
  return: 'enter',
  space: 'space',
  tab: 'tab',
  backspace: 'backspace',
  del: 'del',
  delete: 'del',
  up: 'up',
  down: 'down',
  left: 'left',
  right: 'right',
  arrowup: 'up',
  arrowdown: 'down',
  arrowleft: 'left',
  arrowright: 'right',
  home: 'home',
  end: 'end',
  pageup: 'pageup',
  pagedown: 'pagedown',
  plus: '+',
};

/** The character Shift gives a key on a US keyboard: `shift+/` is typed as `?`. */
const SHIFTED: Readonly<Record<string, string>> = {
  '`': '~',
  '1': '!',
  '2': '@',
  '3': '#',
  '4': '$',
  '5': '%',
  '6': '^',
  '7': '&',
  '8': '*',
  '9': '(',
  '0': ')',
  '-': '_',
  '=': '+',
  '[': '{',
  ']': '}',
  '\\': '|',
  ';': ':',
  "'": '"',
  ',': '<',
  '.': '>',
  '/': '?',
};

const MODIFIER_NAMES: Readonly<Record<string, (isMac: boolean) => Modifier>> = {
  mod: () => 'mod',
  shift: () => 'shift',
  alt: () => 'alt',
  option: () => 'alt',
  ctrl: (isMac) => (isMac ? 'ctrl' : 'mod'),
  control: (isMac) => (isMac ? 'ctrl' : 'mod'),
  command: (isMac) => (isMac ? 'mod' : 'meta'),
  cmd: (isMac) => (isMac ? 'mod' : 'meta'),
  meta: (isMac) => (isMac ? 'mod' : 'meta'),
};

const EVENT_MODIFIER_KEYS = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'CapsLock',
  'Fn',
  'Hyper',
  'Super',
]);

function isLetter(key: string): boolean {
  return key.length === 1 && key.toLowerCase() !== key.toUpperCase();
}

function joinStroke(modifiers: ReadonlySet<Modifier>, key: string): string {
  return [...MODIFIER_ORDER.filter((m) => modifiers.has(m)), key].join('+');
}

/**
 * One stroke of a binding (`shift+p`, `mod+\`, `?`) in canonical form, or null when it names an
 * unknown modifier or key.
 */
export function normalizeStroke(stroke: string, isMac: boolean): string | null {
  // `+` on its own, or as the last part (`shift++`), is the plus key.
  const parts =
    stroke === '+' ? ['+'] : stroke.endsWith('++') ? [...stroke.slice(0, -2).split('+'), '+'] : stroke.split('+');
  const rawKey = parts.pop();
  if (rawKey === undefined || rawKey === '') return null;
  const modifiers = new Set<Modifier>();
  for (const name of parts) {
    const modifier = MODIFIER_NAMES[name.toLowerCase()];
    if (!modifier) return null;
    modifiers.add(modifier(isMac));
  }
  let key: string;
  if (rawKey.length === 1) {
    key = rawKey;
    if (isLetter(key) && key !== key.toLowerCase()) {
      modifiers.add('shift');
      key = key.toLowerCase();
    }
  } else {
    const named = NAMED_KEYS[rawKey.toLowerCase()];
    if (!named) return null;
    key = named;
  }
  // Shift on a symbol or digit types another character: the binding names that character.
  const shifted = modifiers.has('shift') ? SHIFTED[key] : undefined;
  if (shifted) {
    modifiers.delete('shift');
    key = shifted;
  }
  return joinStroke(modifiers, key);
}

/** A binding (`g i`, `mod+shift+x`) as its canonical strokes, or null when a stroke is not valid. */
export function parseKeySequence(binding: string, isMac: boolean): string[] | null {
  const strokes = binding.trim().split(/ +/);
  if (strokes.length === 0 || strokes.length > 4 || binding.length > 60) return null;
  const normalized: string[] = [];
  for (const stroke of strokes) {
    const one = normalizeStroke(stroke, isMac);
    if (one === null) return null;
    normalized.push(one);
  }
  return normalized;
}

/** The canonical stroke a key press makes, or null for a modifier pressed on its own. */
export function strokeFromKeyPress(press: KeyPress, isMac: boolean): string | null {
  if (EVENT_MODIFIER_KEYS.has(press.key) || press.key === 'Dead' || press.key === 'Unidentified') return null;
  const modifiers = new Set<Modifier>();
  if (isMac ? press.metaKey : press.ctrlKey) modifiers.add('mod');
  if (isMac && press.ctrlKey) modifiers.add('ctrl');
  if (!isMac && press.metaKey) modifiers.add('meta');
  if (press.altKey) modifiers.add('alt');
  let key: string;
  const letterCode = press.code?.match(/^Key([A-Z])$/)?.[1];
  if (press.key.length === 1) {
    // Option on a Mac types another character (⌥P is π): the physical letter is what was meant.
    key = press.altKey && letterCode ? letterCode.toLowerCase() : press.key;
    if (isLetter(key)) {
      key = key.toLowerCase();
      if (press.shiftKey) modifiers.add('shift');
    } else if (key === ' ') {
      key = 'space';
      if (press.shiftKey) modifiers.add('shift');
    }
    // A digit or symbol already carries its Shift (`?`), so Shift is not added.
  } else {
    const named = NAMED_KEYS[press.key.toLowerCase()];
    if (!named) return null;
    key = named;
    if (press.shiftKey) modifiers.add('shift');
  }
  return joinStroke(modifiers, key);
}

/** A canonical stroke as a reader sees it: `⌘`/`Ctrl`, `Shift`, `Esc`. */
export function strokeLabel(stroke: string, isMac: boolean): string[] {
  const parts =
    stroke === '+' ? ['+'] : stroke.endsWith('++') ? [...stroke.slice(0, -2).split('+'), '+'] : stroke.split('+');
  const names: Record<string, string> = {
    mod: isMac ? '⌘' : 'Ctrl',
    ctrl: 'Ctrl',
    meta: isMac ? '⌘' : 'Meta',
    alt: isMac ? '⌥' : 'Alt',
    shift: 'Shift',
    esc: 'Esc',
    enter: 'Enter',
    space: 'Space',
    tab: 'Tab',
    up: '↑',
    down: '↓',
    left: '←',
    right: '→',
  };
  return parts.map((part) => names[part] ?? part);
}
