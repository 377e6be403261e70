import { API_PARAMS } from './api-params';
import { LIST_TOKEN_KEYS } from './list-token-keys';
import { parseSort } from './parse-sort';
import { queryToSearchItems } from './query-to-search-items';
import { submitValue } from './submit-value';
import { toSearchParams } from './to-search-params';
import type { FilterToken, ListKind, ListState } from './types';
import { urlParamMeaning } from './url-param-lookup';

const API_STATES: Record<ListKind, readonly ListState[]> = {
  epics: ['opened', 'closed', 'all'],
  roadmap: ['opened', 'closed', 'all'],
  issues: ['opened', 'closed', 'all'],
  merge_requests: ['opened', 'closed', 'merged', 'all'],
};

const ITERATION_KEYWORDS = ['Current', 'None', 'Any'];

function apiParamName(token: FilterToken, value: string): string | undefined {
  const spec = API_PARAMS[token.type];
  if (spec.special?.values.includes(value)) return spec.special.names[token.operator];
  const iterationId = /^\d+$/.test(value) || ITERATION_KEYWORDS.includes(value);
  if (spec.nonNumeric && !iterationId) return spec.nonNumeric[token.operator];
  return spec.names[token.operator];
}

/** Array parameters, `not[…]` and `or[…]` repeat; a plain one keeps its first value. */
const repeats = (name: string, operator: FilterToken['operator']) => name.endsWith('[]') || operator !== '=';

/**
 * The GitLab REST v4 query a list page sends for its address: tokens → REST filter names (labels
 * comma-joined into `labels`, `not[labels]`, `or[labels]`; None/Any into the `*_id` parameters),
 * legacy numeric `author_id` / `assignee_id`… passed through, `search` words joined with spaces,
 * the state when the list has it, and the web `sort` as `order_by` + `sort`.
 */
export function queryToApiParams(list: ListKind, query: string | URLSearchParams): URLSearchParams {
  const params = toSearchParams(query);
  const { items, state } = queryToSearchItems(list, params);
  const api = new URLSearchParams();
  if (state && API_STATES[list].includes(state)) api.set('state', state);

  const joined = new Map<string, string[]>();
  const words: string[] = [];
  for (const item of items) {
    if (item.type === 'text') {
      words.push(item.value);
      continue;
    }
    const spec = API_PARAMS[item.type];
    const value = submitValue(item);
    const name = apiParamName(item, value);
    if (!name) continue;
    const apiValue = spec.value ? spec.value(value) : value;
    if (spec.commaJoined) joined.set(name, [...(joined.get(name) ?? []), apiValue]);
    else if (repeats(name, item.operator)) api.append(name, apiValue);
    else if (!api.has(name)) api.set(name, apiValue);
  }
  for (const [name, values] of joined) api.set(name, values.join(','));

  for (const [name, value] of params) {
    const meaning = urlParamMeaning(list, name);
    const legacyId = meaning && (meaning.kind === 'special' || meaning.kind === 'id') && /^\d+$/.test(value.trim());
    if (legacyId && LIST_TOKEN_KEYS[list].includes(meaning.type)) api.append(name, value.trim());
  }

  if (words.length) api.set('search', words.join(' '));
  const sort = parseSort(list, params.get('sort'));
  if (sort) {
    api.set('order_by', sort.option.orderBy);
    api.set('sort', sort.direction);
  }
  return api;
}
