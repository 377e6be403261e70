import { type InsertObject, sql } from 'kysely';
import { insertAll, insertRows } from '../../../db/insert-rows';
import type { DB } from '../../../db/schema';
import type { ArchiveRecords } from '../../group-transfer';
import { type Ref, type RowsWriter, same, tableWriter, times } from './archive-context';
import { IMPORTED_FROM } from './archive-import-issues';
import { keys } from './archive-keys';
import { groupAt, labelIds, labelRefs, userId, userRef } from './archive-lookups';
import type { EpicParent } from './archive-source';

const issueRef = (ref: { project_path: string; iid: number }): Ref => ({ kind: 'issues', key: keys.issue(ref) });
const epicRef = (ref: { group_path: string; iid: number }): Ref => ({ kind: 'epics', key: keys.epic(ref) });
const MISSING_ENDS = 'one of its ends is not in the import';

export const parentLinkRefs = (l: ArchiveRecords['work_item_parent_links']): Ref[] => [
  issueRef(l.parent),
  issueRef(l.child),
];

export const parentLinkRows = tableWriter(
  'work_item_parent_links',
  (a, l: ArchiveRecords['work_item_parent_links']) => {
    const parent = a.id('issues', keys.issue(l.parent));
    const child = a.id('issues', keys.issue(l.child));
    if (parent === undefined || child === undefined) return { skipped: `child item link: ${MISSING_ENDS}` };
    return {
      parent_issue_id: parent,
      child_issue_id: child,
      relative_position: l.relative_position,
      created_at: new Date(l.created_at),
    };
  },
);

export const timelogRefs = (t: ArchiveRecords['timelogs']): Ref[] => [issueRef(t.issue), ...userRef(t.user)];

export const timelogRows = tableWriter('timelogs', (a, t: ArchiveRecords['timelogs']) => {
  const issue = a.id('issues', keys.issue(t.issue));
  if (issue === undefined) return { skipped: 'time log of an issue not in the import' };
  return {
    issue_id: issue,
    user_id: userId(a, t.user),
    time_spent: t.time_spent,
    summary: t.summary,
    spent_at: new Date(t.spent_at),
    created_at: new Date(t.created_at),
  };
});

type EpicRecord = ArchiveRecords['epics'];

export const epicRefs = (e: EpicRecord): Ref[] => [
  { kind: 'groups', key: keys.group(e.group_path) },
  ...userRef(e.author),
  ...userRef(e.closed_by),
  ...labelRefs({ group_path: e.group_path, project_path: null }, e.labels),
];

/** Epics with their iids, dates (fixed and inherited as the archive has them), labels and colors; parents come later. */
export const epicRows: RowsWriter<EpicRecord, { row: InsertObject<DB, 'epics'>; labels: number[] }> = {
  shape(a, e) {
    const group = groupAt(a, e.group_path);
    if (!group) return { skipped: 'the epic belongs to a group the import did not create' };
    const row: InsertObject<DB, 'epics'> = {
      group_id: group.id,
      ...same(e, [
        'iid',
        'title',
        'description',
        'state',
        'confidential',
        'color',
        'start_date_is_fixed',
        'start_date_fixed',
        'due_date_is_fixed',
        'due_date_fixed',
        'start_date',
        'relative_position',
      ]),
      description_html: null, // rendered when first read
      author_id: userId(a, e.author),
      closed_by_id: userId(a, e.closed_by),
      due_date: e.end_date,
      imported_from: IMPORTED_FROM,
      ...times(e),
      closed_at: e.closed_at === null ? null : new Date(e.closed_at),
    };
    return { row, labels: labelIds(a, { group_path: e.group_path, project_path: null }, e.labels) };
  },
  async write(a, shaped) {
    const ids = await insertRows(
      a.ctx.db,
      'epics',
      shaped.map((s) => s.row),
    );
    await insertAll(
      a.ctx.db,
      'epic_labels',
      shaped.flatMap((s, n) => s.labels.map((label_id) => ({ epic_id: ids[n] as number, label_id }))),
    );
    return ids;
  },
};

export const epicParentRefs = (e: EpicParent): Ref[] => [epicRef(e), ...(e.parent ? [epicRef(e.parent)] : [])];

/** The second pass over the epics: each linked to its parent, now that every epic exists; one update a batch. */
export const epicParentRows: RowsWriter<EpicParent, { id: number; parent: number | null }> = {
  shape(a, e) {
    const id = a.id('epics', keys.epic(e));
    if (id === undefined) return { skipped: 'the epic was not imported' };
    if (!e.parent) return { id, parent: null };
    const parent = a.id('epics', keys.epic(e.parent));
    if (parent === undefined) return { skipped: 'its parent epic is not in the import' };
    return { id, parent };
  },
  async write(a, shaped) {
    const linked = shaped.filter((s) => s.parent !== null);
    if (linked.length > 0) {
      await sql`
        UPDATE epics SET parent_id = link.parent
        FROM unnest(${sql.val(linked.map((s) => s.id))}::bigint[], ${sql.val(linked.map((s) => s.parent))}::bigint[])
          AS link(id, parent)
        WHERE epics.id = link.id`.execute(a.ctx.db);
    }
    return shaped.map((s) => s.id);
  },
};

export const epicIssueRefs = (l: ArchiveRecords['epic_issues']): Ref[] => [epicRef(l.epic), issueRef(l.issue)];

export const epicIssueRows = tableWriter('epic_issues', (a, l: ArchiveRecords['epic_issues']) => {
  const epic = a.id('epics', keys.epic(l.epic));
  const issue = a.id('issues', keys.issue(l.issue));
  if (epic === undefined || issue === undefined) return { skipped: `epic issue link: ${MISSING_ENDS}` };
  return { epic_id: epic, issue_id: issue, relative_position: l.relative_position, created_at: new Date(l.created_at) };
});

export const issueLinkRefs = (l: ArchiveRecords['issue_links']): Ref[] => [issueRef(l.source), issueRef(l.target)];

export const issueLinkRows = tableWriter('issue_links', (a, l: ArchiveRecords['issue_links']) => {
  const source = a.id('issues', keys.issue(l.source));
  const target = a.id('issues', keys.issue(l.target));
  if (source === undefined || target === undefined) return { skipped: `related item link: ${MISSING_ENDS}` };
  // An "is blocked by" link is stored as the blocking side's "blocks".
  const [from, to] = l.link_type === 'is_blocked_by' ? [target, source] : [source, target];
  return {
    source_id: from,
    target_id: to,
    link_type: l.link_type === 'relates_to' ? 'relates_to' : 'blocks',
    created_at: new Date(l.created_at),
    updated_at: new Date(l.updated_at),
  };
});
