import type { LabelRef } from './types';

export interface LabelView {
  name: string;
  color: string;
  textColor: string;
  description?: string | null;
}

/** A scoped label `key::value` splits at the LAST `::` (GitLab: `a::b::c` → scope `a::b`, value `c`). */
export function splitScopedLabel(name: string): { scope: string; value: string } | null {
  const index = name.lastIndexOf('::');
  if (index <= 0 || index + 2 >= name.length) return null;
  return { scope: name.slice(0, index), value: name.slice(index + 2) };
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Black or white text, whichever reads better on the background (WCAG relative luminance). */
export function textColorFor(background: string): string {
  if (!HEX.test(background)) return '#1f1e24';
  let hex = background.slice(1);
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white is (1.05)/(L+0.05), with black (L+0.05)/0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#1f1e24';
}

const DEFAULT_COLOR = '#dcdcde';

/** Normalises a REST label (a bare name, or an object with `with_labels_details=true`). */
export function toLabelView(label: LabelRef): LabelView {
  if (typeof label === 'string') return { name: label, color: DEFAULT_COLOR, textColor: textColorFor(DEFAULT_COLOR) };
  const color = label.color && HEX.test(label.color) ? label.color : DEFAULT_COLOR;
  return {
    name: label.name,
    color,
    textColor: label.text_color && HEX.test(label.text_color) ? label.text_color : textColorFor(color),
    description: label.description,
  };
}
