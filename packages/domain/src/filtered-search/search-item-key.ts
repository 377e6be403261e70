import type { SearchItem } from './types';

/** Identity of an item for dropping duplicates: a token's key, operator and value. */
export function searchItemKey(item: SearchItem): string {
  return item.type === 'text' ? `text\u0000${item.value}` : `${item.type}\u0000${item.operator}\u0000${item.value}`;
}
