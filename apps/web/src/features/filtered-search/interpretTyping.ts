import { parseSearchText, type TokenDefinition, type TokenOperator } from '@meridian/domain';
import { type BarAction, type BarState, typedValue } from './searchBarState';

/** True while a quote opened at the start of the value (or after a symbol) is not closed yet. */
function inOpenQuote(text: string): boolean {
  const match = /^(["'])/.exec(text);
  if (!match) return false;
  const quote = match[1] ?? '"';
  const rest = text.slice(match[0].length);
  return !rest.includes(quote);
}

function findKey(word: string, defs: TokenDefinition[]): TokenDefinition | undefined {
  const lower = word.toLowerCase();
  return defs.find((def) => def.type === lower || def.title.toLowerCase() === lower);
}

/**
 * What a change of the input text means: `author:` picks the key, `!= ` picks the operator, a space after
 * a value commits the token, a space after free text commits the words (typed or pasted `key:op value`
 * text is parsed into tokens). Otherwise the text just changes.
 */
export function interpretTyping(
  state: BarState,
  text: string,
  defs: TokenDefinition[],
  /** Values offered in the dropdown: a space that continues one of them (`2026 Q4`) does not commit. */
  offered: string[] = [],
): BarAction {
  const endsWithSpace = /\s$/.test(text);
  if (!state.pending) {
    const keyOnly = /^(\S+):$/.exec(text);
    const keyDef = keyOnly ? findKey(keyOnly[1] ?? '', defs) : undefined;
    if (keyDef) return { kind: 'key', type: keyDef.type };
    if (endsWithSpace && text.trim() !== '' && (text.split('"').length - 1) % 2 === 0) {
      return { kind: 'words', items: parseSearchText(text, defs) };
    }
    return { kind: 'text', text };
  }
  if (!state.pending.operator) {
    const typed = text.trim();
    const def = defs.find((d) => d.type === state.pending?.type);
    if (endsWithSpace && def?.operators.includes(typed as TokenOperator)) {
      return { kind: 'operator', operator: typed as TokenOperator };
    }
    return { kind: 'text', text };
  }
  const value = typedValue(text);
  const typed = text.replace(/^\s*[@~%&]?/, '').toLowerCase();
  const continuesOffered = offered.some((v) => v.toLowerCase().startsWith(typed) && v.length > typed.length);
  if (endsWithSpace && value !== '' && !continuesOffered && !inOpenQuote(text.trim().replace(/^[@~%&]/, ''))) {
    return { kind: 'value', value };
  }
  return { kind: 'text', text };
}
