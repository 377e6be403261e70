import { sortOptionsFor } from './sort-options';
import type { ListKind, SortDirection, SortOption } from './types';

/** Pairs of spellings GitLab has used for the same web sort. */
const PAIRS: [string, string][] = [
  ['created_desc', 'created_date'],
  ['due_date_asc', 'due_date'],
  ['milestone_due_asc', 'milestone'],
  ['weight_asc', 'weight'],
];
const ALIASES = new Map(PAIRS.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]));

/**
 * A web `sort=` value → the list's option and direction. Accepts GitLab's web values (`created_date`,
 * `title_asc`, `due_date`…), `<order_by>_asc|_desc` and the roadmap's GraphQL values (`START_DATE_ASC`,
 * `CREATED_AT_DESC`), any case. Undefined when the list has no such sort.
 */
export function parseSort(
  list: ListKind,
  sort: string | null | undefined,
): { option: SortOption; direction: SortDirection } | undefined {
  if (!sort) return undefined;
  const lower = sort.toLowerCase();
  const names = [lower, ALIASES.get(lower)];
  const is = (...values: string[]) => values.some((v) => names.includes(v));
  for (const option of sortOptionsFor(list)) {
    // Epics: `due_date_*` is the older name of `end_date_*`.
    const older = option.orderBy === 'end_date' ? 'due_date' : option.orderBy;
    if (is(option.ascending, `${option.orderBy}_asc`, `${older}_asc`)) return { option, direction: 'asc' };
    if (is(option.descending, `${option.orderBy}_desc`, `${older}_desc`)) return { option, direction: 'desc' };
  }
  return undefined;
}
