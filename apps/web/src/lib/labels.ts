import { textColorFor } from '@meridian/domain';
import type { LabelRef } from './types';

export interface LabelView {
  name: string;
  color: string;
  textColor: string;
  description?: string | null;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

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
