import { findTokenDefinition } from './find-token-definition';
import { searchItemKey } from './search-item-key';
import type { FilterToken, SearchItem, TokenDefinition, TokenOperator } from './types';

/** `key:` — a key is anything up to the colon that holds no whitespace or quote. */
const KEY = /^([^\s:"']+):/;
const OPERATOR = /^(!=|=|\|\|)/;

interface Scanned {
  token?: FilterToken;
  /** Index just after what was read. */
  end: number;
}

/** Reads `'…'`, `"…"` (an unterminated quote runs to the end) or a bare value ending at whitespace. */
function readValue(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, start + 1);
    if (close === -1) return { value: text.slice(start + 1).trimEnd(), end: text.length };
    return { value: text.slice(start + 1, close), end: close + 1 };
  }
  const match = /^\S*/.exec(text.slice(start));
  const value = match?.[0] ?? '';
  return { value, end: start + value.length };
}

function scanToken(text: string, start: number, defs: TokenDefinition[]): Scanned | undefined {
  const key = KEY.exec(text.slice(start));
  if (!key?.[1]) return undefined;
  const def = findTokenDefinition(key[1], defs);
  if (!def) return undefined;
  let at = start + key[0].length;
  const op = OPERATOR.exec(text.slice(at));
  const operator = (op?.[1] ?? '=') as TokenOperator;
  if (!def.operators.includes(operator)) return undefined;
  at += op?.[0].length ?? 0;
  if (def.symbol && text[at] === def.symbol) at += 1;
  const { value, end } = readValue(text, at);
  if (value === '') return undefined;
  return { token: { type: def.type, operator, value }, end };
}

/**
 * Text → items (RF §5 "Parsing from text"): `key:` (the key's type or title, any case), an optional
 * operator (`=` when absent), the key's optional symbol, then a single-quoted, double-quoted or bare
 * value. Unknown keys, operators the key does not offer and empty values stay free text, word by word.
 * A repeated token (same key, operator and value) is dropped; the first is kept.
 */
export function parseSearchText(text: string, defs: TokenDefinition[]): SearchItem[] {
  const items: SearchItem[] = [];
  const seen = new Set<string>();
  let at = 0;
  while (at < text.length) {
    const ws = /^\s*/.exec(text.slice(at));
    at += ws?.[0].length ?? 0;
    if (at >= text.length) break;
    const scanned = scanToken(text, at, defs);
    if (scanned?.token) {
      const key = searchItemKey(scanned.token);
      if (!seen.has(key)) items.push(scanned.token);
      seen.add(key);
      at = scanned.end;
      continue;
    }
    const word = /^\S+/.exec(text.slice(at))?.[0] ?? '';
    items.push({ type: 'text', value: word });
    at += word.length;
  }
  return items;
}
