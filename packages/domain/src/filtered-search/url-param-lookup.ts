import type { TokenKey, TokenOperator } from './types';
import { URL_PARAMS } from './url-params';

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

function buildLookup(): Map<string, UrlParamMeaning> {
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
  for (const [type, spec] of Object.entries(URL_PARAMS) as [TokenKey, (typeof URL_PARAMS)[TokenKey]][]) {
    add(spec.names, type, 'name');
    add(spec.special?.names, type, 'special');
    add(spec.nonNumeric, type, 'nonNumeric');
  }
  // Legacy id parameters of older list URLs (RF §5 "legacy assignee_id and author_id").
  add({ '=': 'author_id', '!=': 'not[author_id]', '||': 'or[author_id]' }, 'author', 'id');
  add({ '=': 'merge_user_id' }, 'merge-user', 'id');
  return lookup;
}

const LOOKUP = buildLookup();

/** What a web-list URL parameter means, or undefined when it is not a filter token. */
export function urlParamMeaning(name: string): UrlParamMeaning | undefined {
  return LOOKUP.get(bareParamName(name));
}
