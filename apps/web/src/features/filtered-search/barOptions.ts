import type { SearchItem, TokenDefinition, TokenOperator } from '@meridian/domain';

/** One row of the bar's dropdown: a key hint, an operator or a value. */
export interface BarOption {
  value: string;
  label: string;
  secondary?: string;
  /** Label colour (drawn as a swatch), and the text colour that reads on it. */
  color?: string;
  textColor?: string;
  avatarUrl?: string;
}

export const OPERATOR_TEXT: Record<TokenOperator, string> = { '=': 'is', '!=': 'is not', '||': 'is one of' };

const matches = (text: string, ...candidates: (string | undefined)[]) => {
  const needle = text.trim().toLowerCase();
  return needle === '' || candidates.some((c) => c?.toLowerCase().includes(needle));
};

/** The hint list: keys not yet used (array keys may repeat), filtered by what is typed. */
export function hintOptions(defs: TokenDefinition[], items: SearchItem[], text: string): BarOption[] {
  const used = new Set(items.map((item) => item.type));
  return defs
    .filter((def) => !def.unique || !used.has(def.type))
    .filter((def) => matches(text, def.title, def.type))
    .map((def) => ({ value: def.type, label: def.title }));
}

/** The operator list of a key, filtered by the typed prefix (`!` → `!=`). */
export function operatorOptions(def: TokenDefinition, text: string): BarOption[] {
  const typed = text.trim();
  return def.operators
    .filter((op) => typed === '' || op.startsWith(typed) || OPERATOR_TEXT[op].startsWith(typed.toLowerCase()))
    .map((op) => ({ value: op, label: op, secondary: OPERATOR_TEXT[op] }));
}

const NONE_ANY = new Set(['none', 'any']);

/**
 * The value list: predefined values allowed with the operator (None and Any hidden for `!=` and `||`),
 * then recent picks, then fetched suggestions; filtered by the typed text, duplicates removed.
 */
export function valueOptions(
  def: TokenDefinition,
  operator: TokenOperator,
  text: string,
  recent: BarOption[],
  fetched: BarOption[],
): BarOption[] {
  const predefined = def.predefined
    .filter((pv) => !(operator !== '=' && NONE_ANY.has(pv.value.toLowerCase())))
    .filter((pv) => !pv.operators || pv.operators.includes(operator))
    .map((pv): BarOption => ({ value: pv.value, label: pv.text }));
  const typed = text
    .trim()
    .replace(/^[@~%&]/, '')
    .replace(/^["']|["']$/g, '');
  const seen = new Set<string>();
  const out: BarOption[] = [];
  for (const option of [...predefined, ...recent, ...fetched]) {
    const key = option.value.toLowerCase();
    if (seen.has(key) || !matches(typed, option.value, option.label, option.secondary)) continue;
    seen.add(key);
    out.push(option);
  }
  return out;
}
