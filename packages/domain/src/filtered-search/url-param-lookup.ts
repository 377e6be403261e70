import { LIST_TOKEN_KEYS } from './list-token-keys';
import type { ListKind, TokenKey, TokenOperator } from './types';
import { urlParamSpec } from './url-params';

/**
 * How a URL parameter reads back: `name` and `nonNumeric` carry the value as is, `special` carries
 * None/Any or a legacy numeric user id (`assignee_id`), `id` carries only a legacy numeric user id.
 */
export interface UrlParamMeaning {
  type: TokenKey;
  operator: TokenOperator;
  kind: 'name' | 'special' | 'nonNumeric' | 'id';
}

/** `label_name[]` and `label_name`, `or[author_username]` and `or[author_username][]` read the same. */
const bareParamName = (name: string): string => name.replace(/\[\]$/, '');

function buildLookup(list: ListKind): Map<string, UrlParamMeaning> {
  const lookup = new Map<string, UrlParamMeaning>();
  const add = (
    names: Partial<Record<TokenOperator, string>> | undefined,
    type: TokenKey,
    kind: UrlParamMeaning['kind'],
  ) => {
    for (const [operator, name] of Object.entries(names ?? {}) as [TokenOperator, string][]) {
      const key = bareParamName(name);
      if (!lookup.has(key)) lookup.set(key, { type, operator, kind });
    }
  };
  for (const type of LIST_TOKEN_KEYS[list]) {
    const spec = urlParamSpec(list, type);
    add(spec.names, type, 'name');
    add(spec.special?.names, type, 'special');
    add(spec.nonNumeric, type, 'nonNumeric');
  }
  // Legacy id parameters of older list URLs (RF §5 "legacy assignee_id and author_id").
  add({ '=': 'author_id', '!=': 'not[author_id]', '||': 'or[author_id]' }, 'author', 'id');
  add({ '=': 'merge_user_id' }, 'merge-user', 'id');
  return lookup;
}

const LOOKUPS = new Map<ListKind, Map<string, UrlParamMeaning>>();

/** What a URL parameter of a list's address means, or undefined when it is not one of the list's filter tokens. */
export function urlParamMeaning(list: ListKind, name: string): UrlParamMeaning | undefined {
  let lookup = LOOKUPS.get(list);
  if (!lookup) {
    lookup = buildLookup(list);
    LOOKUPS.set(list, lookup);
  }
  return lookup.get(bareParamName(name));
}
