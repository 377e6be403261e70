import { encodeValue } from './encode-value';
import { isListState } from './list-states';
import { LIST_TOKEN_KEYS } from './list-token-keys';
import { submitValue } from './submit-value';
import type { ListKind, SearchItem } from './types';
import { urlParamName } from './url-param-name';

/**
 * The query string a submit navigates to (RF §2, §5): `scope=all&utf8=✓`, the state when it is one
 * of the four list states, one parameter per token in order (`not[key]` for `!=`, `or[key]` for `||`,
 * array keys keep `[]`, values URL-encoded after quotes are stripped and yes/no lower-cased), then
 * `search=` with the free-text words URL-encoded and joined with `+`, then `#anchor`.
 * Tokens the list does not know, empty values and repeated parameter/value pairs are left out.
 */
export function searchItemsToQuery(
  list: ListKind,
  items: SearchItem[],
  opts: { state?: string; anchor?: string } = {},
): string {
  const parts = ['scope=all', 'utf8=%E2%9C%93'];
  if (isListState(opts.state)) parts.push(`state=${opts.state}`);
  const seen = new Set<string>();
  const words: string[] = [];
  for (const item of items) {
    if (item.type === 'text') {
      words.push(...item.value.split(/\s+/).filter(Boolean));
      continue;
    }
    if (!LIST_TOKEN_KEYS[list].includes(item.type)) continue;
    const value = submitValue(item);
    const name = urlParamName(list, item.type, item.operator, value);
    if (!name || value === '') continue;
    const pair = `${name}=${encodeValue(value)}`;
    if (!seen.has(pair)) parts.push(pair);
    seen.add(pair);
  }
  if (words.length) parts.push(`search=${words.map(encodeValue).join('+')}`);
  const anchor = opts.anchor?.replace(/^#/, '');
  return `${parts.join('&')}${anchor ? `#${anchor}` : ''}`;
}
