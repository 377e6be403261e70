import { isListState } from './list-states';
import { LIST_TOKEN_KEYS } from './list-token-keys';
import { searchItemKey } from './search-item-key';
import { toSearchParams } from './to-search-params';
import type { FilterToken, ListKind, ListState, SearchItem } from './types';
import { type UrlParamMeaning, urlParamMeaning } from './url-param-lookup';
import { urlParamSpec } from './url-params';

const NUMERIC = /^\d+$/;
/** Milestone wildcards of older GitLab addresses. */
const LEGACY_MILESTONES: Record<string, string> = { '#upcoming': 'Upcoming', '#started': 'Started' };

function tokenValue(
  list: ListKind,
  meaning: UrlParamMeaning,
  raw: string,
  usernamesById?: Map<string, string>,
): string | undefined {
  const value = raw.trim();
  if (meaning.kind === 'name' || meaning.kind === 'nonNumeric') {
    return meaning.type === 'milestone' ? (LEGACY_MILESTONES[value.toLowerCase()] ?? value) : value;
  }
  const special = urlParamSpec(list, meaning.type).special?.values.find((v) => v.toLowerCase() === value.toLowerCase());
  if (meaning.kind === 'special' && special) return special;
  // Legacy user ids become usernames; an id nobody can name is dropped rather than shown as a number.
  return NUMERIC.test(value) ? usernamesById?.get(value) : undefined;
}

/**
 * The items a list page address describes, the inverse of `searchItemsToQuery` (RF §5 "Loading from
 * the address"): filter parameters in address order, then the `search` words. `+` reads as a space,
 * `label_name` and `label_name[]` read alike, legacy `author_id` / `assignee_id` (and reviewer,
 * approver, merge user ids) become usernames through `usernamesById`, repeated key/value pairs are
 * dropped. `scope`, `utf8`, `page`, `sort`, `cursor` and parameters the list does not know are ignored.
 */
export function queryToSearchItems(
  list: ListKind,
  query: string | URLSearchParams,
  opts: { usernamesById?: Map<string, string> } = {},
): { items: SearchItem[]; state?: ListState } {
  const params = toSearchParams(query);
  const tokens: FilterToken[] = [];
  const seen = new Set<string>();
  for (const [name, raw] of params) {
    const meaning = urlParamMeaning(list, name);
    if (!meaning || !LIST_TOKEN_KEYS[list].includes(meaning.type)) continue;
    const value = tokenValue(list, meaning, raw, opts.usernamesById);
    if (!value) continue;
    const token: FilterToken = { type: meaning.type, operator: meaning.operator, value };
    const key = searchItemKey(token);
    if (!seen.has(key)) tokens.push(token);
    seen.add(key);
  }
  const words = params
    .getAll('search')
    .flatMap((search) => search.split(/\s+/))
    .filter(Boolean)
    .map((value): SearchItem => ({ type: 'text', value }));
  const state = params.get('state');
  return { items: [...tokens, ...words], ...(isListState(state) ? { state } : {}) };
}
