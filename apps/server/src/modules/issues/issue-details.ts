import { type Selectable, sql } from 'kysely';
import { combinedReads, directReads } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import type { IterationsTable } from '../../db/schema';
import type { Actor } from '../../policy/actor';
import { epicConfidentialityAllows, epicNotHidden, groupReadable } from '../../policy/sql-scopes';
import {
  emptyIssuableDetails,
  groupByKey,
  type IssuableCounts,
  type IssuableDetails,
  labelsByOwner,
  uniqueIds as uniq,
  usersByOwner,
} from '../issuables';
import { milestoneRowsByIds } from '../milestones';
import { fullPathOf, fullPathsQuery } from '../namespaces';
import { userRowsByIds } from '../users';
import { issueCounts } from './issue-counts';
import type { IssueRow } from './issues-query';

export type IterationRow = Selectable<IterationsTable>;
export interface EpicRef {
  id: number;
  iid: number;
  title: string;
  group_id: number;
  group_path: string;
}
export interface IssueCounts extends IssuableCounts {
  blocking_issues_count: number;
  blocked_by_count: number;
  /** Seconds logged on the issue (the sum of its timelogs). */
  total_time_spent: number;
}

/** Everything a page of issues needs besides its rows, loaded in a fixed number of queries. */
export interface IssueDetails extends IssuableDetails<IssueCounts> {
  iterations: Map<number, IterationRow>;
  epics: Map<number, EpicRef>;
  /** namespace id → full path (issue namespaces, milestone and iteration groups). */
  namespacePaths: Map<number, string>;
}

const groupBy = <T extends { owner_id: number }>(rows: T[]) => groupByKey(rows, 'owner_id');

/**
 * Batch-loads labels, assignees, users, milestones, iterations, epics and paths as ONE prepared
 * statement (db/combined-reads.ts) whose text serves every page size, and the counts as a second.
 * A page's counts stay unprepared: their generic plan, made without the page's ids, scans all notes
 * when a few issues hold most of them; one issue's run prepared, its id a scalar (db/id-match.ts).
 * The parent epic is only included when `actor` may read it (confidential epics stay hidden).
 */
export async function loadIssueDetails(db: Database, actor: Actor | null, rows: IssueRow[]): Promise<IssueDetails> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ...emptyIssuableDetails(), iterations: new Map(), epics: new Map() };
  const read = combinedReads(db);
  const milestoneIds = uniq(rows.map((r) => r.milestone_id));
  const iterationIds = uniq(rows.map((r) => r.iteration_id));
  const userIds = uniq(rows.flatMap((r) => [r.author_id, r.closed_by_id]));
  const [labelRows, assigneeRows, milestones, iterations, epicRows, countRows, users, paths] = await Promise.all([
    labelsByOwner(db, 'issue', ids, read),
    usersByOwner(db, 'issueAssignees', ids, read),
    milestoneRowsByIds(db, milestoneIds, read),
    read<IterationRow>(db.selectFrom('iterations').selectAll().where('id', 'in', iterationIds)),
    read<EpicRef & { issue_id: number }>(
      db
        .selectFrom('epic_issues as ei')
        .innerJoin('epics as e', 'e.id', 'ei.epic_id')
        .innerJoin('namespaces as g', 'g.id', 'e.group_id')
        .select([
          'ei.issue_id',
          'e.id',
          'e.iid',
          'e.title',
          'e.group_id',
          fullPathOf('g.traversal_ids').as('group_path'),
        ])
        .where('ei.issue_id', 'in', ids)
        .where(
          groupReadable(actor, { groupId: 'g.id', visibility: 'g.visibility_level', traversalIds: 'g.traversal_ids' }),
        )
        .where(
          epicConfidentialityAllows(actor, { confidential: 'e.confidential', groupTraversalIds: 'g.traversal_ids' }),
        )
        .where(epicNotHidden(actor, { authorId: 'e.author_id' })),
    ),
    issueCounts(directReads(db), actor, ids),
    userRowsByIds(db, userIds, read),
    read<{ id: number; full_path: string }>(
      fullPathsQuery(db, [
        sql`SELECT unnest(${uniq(rows.map((r) => r.namespace_id))}::int[])`,
        sql`SELECT group_id FROM milestones WHERE id = ANY(${milestoneIds}::int[])`,
        sql`SELECT group_id FROM iterations WHERE id = ANY(${iterationIds}::int[])`,
      ]),
    ),
  ]);
  return {
    labels: groupBy(labelRows),
    assignees: groupBy(assigneeRows),
    users: new Map(users.map((u) => [u.id, u])),
    milestones: new Map(milestones.map((m) => [m.id, m])),
    iterations: new Map(iterations.map((it) => [it.id, it])),
    epics: new Map(epicRows.map((e) => [e.issue_id, e])),
    counts: new Map(countRows.map((c) => [c.id, c])),
    namespacePaths: new Map(paths.map((p) => [p.id, p.full_path])),
  };
}
