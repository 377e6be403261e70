import type { ListKind, SortOption } from './types';

const option = (value: string, text: string, orderBy: string, ascending: string, descending: string): SortOption => ({
  value,
  text,
  orderBy,
  ascending,
  descending,
});

const CREATED = option('created', 'Created date', 'created_at', 'created_asc', 'created_date');
const UPDATED = option('updated', 'Updated date', 'updated_at', 'updated_asc', 'updated_desc');
const TITLE = option('title', 'Title', 'title', 'title_asc', 'title_desc');
const MILESTONE_DUE = option('milestone_due', 'Milestone due date', 'milestone_due', 'milestone', 'milestone_due_desc');

/**
 * A list's sort dropdown with GitLab's web `sort=` values. Epics follow RF §9 (Start date, Due date,
 * Title, Created date, Last updated date); the first option is the roadmap's fallback for an unknown sort.
 */
const EPIC_SORTS: SortOption[] = [
  option('start_date', 'Start date', 'start_date', 'start_date_asc', 'start_date_desc'),
  option('end_date', 'Due date', 'end_date', 'end_date_asc', 'end_date_desc'),
  TITLE,
  option('created', 'Created date', 'created_at', 'created_asc', 'created_desc'),
  option('updated', 'Last updated date', 'updated_at', 'updated_asc', 'updated_desc'),
];

const SORT_OPTIONS: Record<ListKind, SortOption[]> = {
  epics: EPIC_SORTS,
  roadmap: EPIC_SORTS,
  issues: [
    CREATED,
    UPDATED,
    option('due_date', 'Due date', 'due_date', 'due_date', 'due_date_desc'),
    MILESTONE_DUE,
    TITLE,
    option('weight', 'Weight', 'weight', 'weight', 'weight_desc'),
  ],
  merge_requests: [
    CREATED,
    UPDATED,
    option('merged_at', 'Merged date', 'merged_at', 'merged_at_asc', 'merged_at_desc'),
    MILESTONE_DUE,
    TITLE,
  ],
};

/** The sort dropdown of a list. */
export function sortOptionsFor(list: ListKind): SortOption[] {
  return SORT_OPTIONS[list];
}
