import type { InsertObject } from 'kysely';
import { insertAll, insertRows } from '../../../db/insert-rows';
import type { DB } from '../../../db/schema';
import type { ArchiveRecords } from '../../group-transfer';
import { type Ref, type RowsWriter, same, times } from './archive-context';
import { keys } from './archive-keys';
import { labelIds, labelRefs, projectAt, userId, userRef } from './archive-lookups';

/** GitLab's import source of a direct transfer: the Imported badge. */
export const IMPORTED_FROM = 'gitlab_migration';

type IssueRecord = ArchiveRecords['issues'];

export const issueRefs = (i: IssueRecord): Ref[] => [
  { kind: 'projects', key: keys.project(i.project_path) },
  ...userRef(i.author),
  ...userRef(i.closed_by),
  ...i.assignees.flatMap(userRef),
  ...labelRefs({ group_path: null, project_path: i.project_path }, i.labels),
  ...(i.milestone ? [{ kind: 'milestones' as const, key: keys.milestone(i.milestone, i.milestone.iid) }] : []),
  ...(i.iteration
    ? [{ kind: 'iterations' as const, key: keys.iteration(i.iteration.group_path, i.iteration.iid) }]
    : []),
];

/** An issue's row, and its assignees' and labels' ids. */
interface IssueShape {
  row: InsertObject<DB, 'issues'>;
  assignees: number[];
  labels: number[];
}

/**
 * Issues (tasks and incidents too) with their iids, authors, dates, states, assignees, labels,
 * milestones and iterations: the batch's issues in one insert, then their assignees and their labels
 * in one each.
 */
export const issueRows: RowsWriter<IssueRecord, IssueShape> = {
  shape(a, i) {
    const project = projectAt(a, i.project_path);
    if (!project) return { skipped: 'the issue belongs to a project the import did not create' };
    const row: InsertObject<DB, 'issues'> = {
      project_id: project.id,
      ...same(i, [
        'iid',
        'issue_type',
        'title',
        'description',
        'state',
        'confidential',
        'discussion_locked',
        'weight',
        'health_status',
        'severity',
        'escalation_status',
        'due_date',
        'start_date',
        'time_estimate',
        'relative_position',
      ]),
      description_html: null, // rendered when first read (modules/markdown/stored-html.service.ts)
      author_id: userId(a, i.author),
      closed_by_id: userId(a, i.closed_by),
      milestone_id: i.milestone ? (a.id('milestones', keys.milestone(i.milestone, i.milestone.iid)) ?? null) : null,
      iteration_id: i.iteration
        ? (a.id('iterations', keys.iteration(i.iteration.group_path, i.iteration.iid)) ?? null)
        : null,
      imported_from: IMPORTED_FROM,
      ...times(i),
      closed_at: i.closed_at === null ? null : new Date(i.closed_at),
    };
    const assignees = [...new Set(i.assignees.flatMap((u) => a.id('users', keys.user(u)) ?? []))];
    const labels = labelIds(a, { group_path: null, project_path: i.project_path }, i.labels);
    return { row, assignees, labels };
  },
  async write(a, shaped) {
    const ids = await insertRows(
      a.ctx.db,
      'issues',
      shaped.map((s) => s.row),
    );
    const each = <T>(pick: (s: IssueShape) => number[], row: (issueId: number, id: number) => T) =>
      shaped.flatMap((s, n) => pick(s).map((id) => row(ids[n] as number, id)));
    await insertAll(
      a.ctx.db,
      'issue_assignees',
      each(
        (s) => s.assignees,
        (issue_id, user_id) => ({ issue_id, user_id }),
      ),
    );
    await insertAll(
      a.ctx.db,
      'issue_labels',
      each(
        (s) => s.labels,
        (issue_id, label_id) => ({ issue_id, label_id }),
      ),
    );
    return ids;
  },
};
