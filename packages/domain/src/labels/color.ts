import { AA_CONTRAST, contrastRatio } from './contrast';
import { namedColors } from './named-colors';

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;

/**
 * The `#rrggbb` form of a label colour, or null when it is not one GitLab accepts:
 * `#RRGGBB` (kept as written), `#RGB` (expanded) or a CSS colour name (case-insensitive).
 * normalizeColor('#D9534F') → '#D9534F'; normalizeColor('#abc') → '#aabbcc'; normalizeColor('Red') → '#ff0000'.
 */
export function normalizeColor(input: string): string | null {
  const value = input.trim();
  if (HEX6.test(value)) return value;
  if (HEX3.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  const name = value.toLowerCase();
  // Own keys only: 'constructor' or '__proto__' must not reach Object.prototype.
  return Object.hasOwn(namedColors, name) ? (namedColors[name] ?? null) : null;
}

/** True for `#RRGGBB`, `#RGB` and CSS colour names. */
export function isValidColor(input: string): boolean {
  return normalizeColor(input) !== null;
}

const LIGHT_TEXT = '#FFFFFF';
const DARK_TEXT = '#1F1E24';

/**
 * The text colour for a label background: white or GitLab's dark text, whichever contrasts more
 * (WCAG 2.x ratio); where neither reaches AA (4.5:1, a narrow band of mid-tones) black, which
 * always does there. Unknown colours get dark text on the default grey's behalf.
 * textColorFor('#ffffff') → '#1F1E24'; textColorFor('#1068bf') → '#FFFFFF'; textColorFor('#d9534f') → '#000000'.
 */
export function textColorFor(background: string): string {
  const hex = normalizeColor(background);
  if (!hex) return DARK_TEXT;
  const light = contrastRatio(hex, LIGHT_TEXT);
  const dark = contrastRatio(hex, DARK_TEXT);
  const best = Math.max(light, dark);
  if (best < AA_CONTRAST) return '#000000';
  return light >= dark ? LIGHT_TEXT : DARK_TEXT;
}
