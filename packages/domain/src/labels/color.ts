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

/**
 * GitLab's text colour for a label background: dark text (#333333) on light backgrounds,
 * white (#FFFFFF) on dark ones, by perceived luminance (0.299 R + 0.587 G + 0.114 B > 186).
 * textColorFor('#ffffff') → '#333333'; textColorFor('#1068bf') → '#FFFFFF'.
 * Unknown colours get white text.
 */
export function textColorFor(background: string): string {
  const hex = normalizeColor(background);
  if (!hex) return '#FFFFFF';
  const r = Number.parseInt(hex.slice(1, 3), 16);
  const g = Number.parseInt(hex.slice(3, 5), 16);
  const b = Number.parseInt(hex.slice(5, 7), 16);
  return r * 0.299 + g * 0.587 + b * 0.114 > 186 ? '#333333' : '#FFFFFF';
}
