import { TOKEN_DEFINITIONS } from './token-definitions';
import type { SearchItem, TokenKey, TokenOperator } from './types';

const OPERATORS: readonly unknown[] = ['=', '!=', '||'];

/** Untrusted data (local storage) → a search item holding only its own fields, or undefined. */
export function toSearchItem(value: unknown): SearchItem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const item = value as Record<string, unknown>;
  if (typeof item.value !== 'string' || typeof item.type !== 'string') return undefined;
  if (item.type === 'text') return { type: 'text', value: item.value };
  if (!Object.hasOwn(TOKEN_DEFINITIONS, item.type) || !OPERATORS.includes(item.operator)) return undefined;
  return { type: item.type as TokenKey, operator: item.operator as TokenOperator, value: item.value };
}
