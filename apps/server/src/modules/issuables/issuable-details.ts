import type { Selectable } from 'kysely';
import type { LabelsTable, MilestonesTable, UsersTable } from '../../db/schema';

/** Rows that issue and merge request details load alike. */
export type LabelRow = Selectable<LabelsTable>;
export type UserRow = Selectable<UsersTable>;
export type MilestoneRow = Selectable<MilestonesTable>;

/** Note and thumbs-up/down counts per issuable. */
export interface IssuableCounts {
  user_notes_count: number;
  upvotes: number;
  downvotes: number;
}

/** What issue and merge request details both hold, keyed by issuable id (users and milestones by their own id). */
export interface IssuableDetails<Counts extends IssuableCounts> {
  labels: Map<number, LabelRow[]>;
  assignees: Map<number, UserRow[]>;
  users: Map<number, UserRow>;
  milestones: Map<number, MilestoneRow>;
  counts: Map<number, Counts>;
  namespacePaths: Map<number, string>;
}

export function emptyIssuableDetails<Counts extends IssuableCounts>(): IssuableDetails<Counts> {
  return {
    labels: new Map(),
    assignees: new Map(),
    users: new Map(),
    milestones: new Map(),
    counts: new Map(),
    namespacePaths: new Map(),
  };
}

/** Rows grouped by the id in `key` (e.g. the issue each label row belongs to), in row order. */
export function groupByKey<T, K extends keyof T>(rows: readonly T[], key: K): Map<T[K], T[]> {
  const map = new Map<T[K], T[]>();
  for (const row of rows) {
    const list = map.get(row[key]);
    if (list) list.push(row);
    else map.set(row[key], [row]);
  }
  return map;
}

/** The distinct ids, without null or undefined. */
export function uniqueIds(ids: ReadonlyArray<number | null | undefined>): number[] {
  return [...new Set(ids.filter((id): id is number => id != null))];
}
