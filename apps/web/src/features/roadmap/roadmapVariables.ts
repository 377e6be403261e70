import type { EpicsState } from '@meridian/domain';
import type { EpicSort } from './roadmapApi';

/** GraphQL filter variables of RF-1 / RF-2 read from the filtered-search bar's URL parameters. */
export interface RoadmapFilterVariables {
  labelName?: string[];
  authorUsername?: string;
  milestoneTitle?: string;
  myReactionEmoji?: string;
  confidential?: boolean;
  /** The epic token (`epic_iid`, `=` only): the group's epics narrowed to this iid (GraphQL `iid`). */
  epicIid?: string;
  search?: string;
  not?: { labelName?: string[]; authorUsername?: string; myReactionEmoji?: string };
  or?: { labelName?: string[]; authorUsername?: string[] };
}

/** Parameters that choose how the roadmap looks or which page it is, not which epics match. */
const NON_FILTER_PARAMS = new Set([
  'scope',
  'utf8',
  'state',
  'sort',
  'page',
  'prev',
  'next',
  'layout',
  'timeframe_range_type',
  'progress',
  'milestones_type',
  'show_milestones',
  'show_labels',
  'show_progress',
  'epicIid',
  'group_path',
  'include_subepics',
  'in',
]);

function single(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value ? value : undefined;
}

function list(params: URLSearchParams, ...names: string[]): string[] | undefined {
  const values = names.flatMap((name) => params.getAll(name)).filter((value) => value.trim() !== '');
  return values.length > 0 ? [...new Set(values)] : undefined;
}

function parseConfidential(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.toLowerCase();
  if (v === 'yes' || v === 'true') return true;
  if (v === 'no' || v === 'false') return false;
  return undefined;
}

/** `12`, `&12` or `group::&12` → `12` (RF §5: the part after the marker); None, Any and titles → undefined. */
function epicIidOf(value: string | undefined): string | undefined {
  const iid = value?.split('::&').pop()?.replace(/^&/, '');
  return iid && /^\d+$/.test(iid) ? iid : undefined;
}

/** The entries whose value is defined (GraphQL variables leave the unset filters out). */
function defined<T extends object>(entries: { [K in keyof Required<T>]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as T;
}

function nonEmpty<T extends object>(value: T): T | undefined {
  return Object.keys(value).length > 0 ? value : undefined;
}

/** Maps the address (`author_username`, `label_name[]`, `not[…]`, `or[…]`, …) to RF-1's filter variables. */
export function roadmapFilterVariables(params: URLSearchParams): RoadmapFilterVariables {
  const not = defined<NonNullable<RoadmapFilterVariables['not']>>({
    labelName: list(params, 'not[label_name][]', 'not[label_name]'),
    authorUsername: single(params, 'not[author_username]'),
    myReactionEmoji: single(params, 'not[my_reaction_emoji]'),
  });
  const or = defined<NonNullable<RoadmapFilterVariables['or']>>({
    labelName: list(params, 'or[label_name][]', 'or[label_name]'),
    authorUsername: list(params, 'or[author_username][]', 'or[author_username]'),
  });
  return defined<RoadmapFilterVariables>({
    labelName: list(params, 'label_name[]', 'label_name'),
    authorUsername: single(params, 'author_username'),
    milestoneTitle: single(params, 'milestone_title'),
    myReactionEmoji: single(params, 'my_reaction_emoji'),
    confidential: parseConfidential(single(params, 'confidential')),
    epicIid: epicIidOf(single(params, 'epic_iid')),
    search: single(params, 'search'),
    not: nonEmpty(not),
    or: nonEmpty(or),
  });
}

/** Whether the address filters the epics (anything beyond display settings, state, sort and paging). */
export function hasRoadmapFilters(params: URLSearchParams): boolean {
  for (const [key, value] of params) {
    if (!NON_FILTER_PARAMS.has(key) && value.trim() !== '') return true;
  }
  return false;
}

const SORT_ENUM = {
  start_date: 'START_DATE',
  end_date: 'END_DATE',
  title: 'TITLE',
  created: 'CREATED_AT',
  updated: 'UPDATED_AT',
} as const;

/** The web `sort=` value (`start_date_asc`, `created_desc`, …) as the GraphQL `EpicSort` (`START_DATE_ASC`, …). */
export function epicSortEnum(sort: string): EpicSort {
  const match = /^(.*)_(asc|desc)$/i.exec(sort);
  if (!match) return 'START_DATE_ASC';
  const field = (match[1] ?? '').toLowerCase().replace(/_at$/, '');
  const base = Object.hasOwn(SORT_ENUM, field) ? SORT_ENUM[field as keyof typeof SORT_ENUM] : 'START_DATE';
  return `${base}_${match[2]?.toLowerCase() === 'desc' ? 'DESC' : 'ASC'}`;
}

/** The GraphQL `state` of the epics setting: `all` leaves nothing out. */
export function epicStateVariable(state: EpicsState): string {
  return state;
}
