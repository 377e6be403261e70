import { textColorFor } from '@meridian/domain/labels/color';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { LabelsTable, UsersTable } from '../../db/schema';
import type { Actor } from '../../policy/actor';
import { epicConfidentialityAllows, epicNotHidden, groupReadable } from '../../policy/sql-scopes';
import { labelsByOwner, presentImported } from '../issuables';
import { presentLabelSummary } from '../labels';
import { externalBaseUrl, webUrl } from '../namespaces';
import { presentUserBasic, usersById } from '../users';
import type { EpicRow, Executor } from './epic-query';

type Ctx = Pick<AppContext, 'config'>;
type LabelRow = Selectable<LabelsTable>;

/** Per-page data loaded in a fixed number of statements (3), whatever the page size. */
export interface EpicExtras {
  labels: Map<number, LabelRow[]>;
  authors: Map<number, Selectable<UsersTable>>;
  votes: Map<number, { up: number; down: number }>;
  /** Parent ids the viewer may read; undefined when no viewer was given (parents shown as stored). */
  readableParents?: Set<number>;
}

/** Of these parent ids, those the actor may read (one statement). */
async function readableParentIds(db: Executor, actor: Actor | null, parentIds: number[]): Promise<Set<number>> {
  if (parentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('epics as e')
    .innerJoin('namespaces as g', 'g.id', 'e.group_id')
    .select('e.id')
    .where('e.id', 'in', parentIds)
    .where(groupReadable(actor, { groupId: 'g.id', visibility: 'g.visibility_level', traversalIds: 'g.traversal_ids' }))
    .where(epicConfidentialityAllows(actor, { confidential: 'e.confidential', groupTraversalIds: 'g.traversal_ids' }))
    .where(epicNotHidden(actor, { authorId: 'e.author_id' }))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** `viewer`: whose eyes the page is for — parents they cannot read are presented as absent (I2). */
export async function loadEpicExtras(
  db: Executor,
  rows: readonly EpicRow[],
  viewer: { actor: Actor | null },
): Promise<EpicExtras> {
  const ids = rows.map((r) => r.id);
  const parentIds = [...new Set(rows.map((r) => r.parent_id).filter((id): id is number => id !== null))];
  const readableParents = await readableParentIds(db, viewer.actor, parentIds);
  const [labelRows, authors, voteRows] = await Promise.all([
    ids.length ? labelsByOwner(db, 'epic', ids) : [],
    usersById(
      db,
      rows.map((r) => r.author_id),
    ),
    ids.length
      ? db
          .selectFrom('award_emoji')
          .select(['awardable_id', 'name'])
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('awardable_type', '=', 'Epic')
          .where('awardable_id', 'in', ids)
          .where('name', 'in', ['thumbsup', 'thumbsdown'])
          .groupBy(['awardable_id', 'name'])
          .execute()
      : [],
  ]);
  const labels = new Map<number, LabelRow[]>();
  for (const { owner_id: epic_id, ...label } of labelRows) {
    const list = labels.get(epic_id) ?? [];
    list.push(label);
    labels.set(epic_id, list);
  }
  const votes = new Map<number, { up: number; down: number }>();
  for (const v of voteRows) {
    const entry = votes.get(v.awardable_id) ?? { up: 0, down: 0 };
    if (v.name === 'thumbsup') entry.up = Number(v.n);
    else entry.down = Number(v.n);
    votes.set(v.awardable_id, entry);
  }
  return { labels, authors, votes, readableParents };
}

export interface PresentEpicOptions {
  /** The group the request is about: references.relative is short inside it. */
  fromGroupId?: number;
  /** Labels as objects instead of titles (`with_labels_details=true`). */
  withLabelsDetails?: boolean;
  /**
   * Single-object responses: add `description_html`, the sanitized rendering stored on write, and
   * `lock_version`, which a description save sends back (the epic page's task list) — beyond GitLab's REST shape.
   */
  withDescriptionHtml?: boolean;
  /** The actor the answer is for: hides parents they may not read (I2). Required so no caller forgets it. */
  viewer: { actor: Actor | null };
}

/** GitLab's Epic entity (REST v4). */
export function presentEpic(ctx: Ctx, row: EpicRow, extras: EpicExtras, opts: PresentEpicOptions) {
  const api = `${externalBaseUrl(ctx)}/api/v4`;
  const short = `&${row.iid}`;
  const full = `${row.group_full_path}&${row.iid}`;
  const labels = extras.labels.get(row.id) ?? [];
  const author = row.author_id !== null ? extras.authors.get(row.author_id) : undefined;
  const votes = extras.votes.get(row.id) ?? { up: 0, down: 0 };
  const parentShown = row.parent_id !== null && (extras.readableParents?.has(row.parent_id) ?? true);
  return {
    id: row.id,
    iid: row.iid,
    group_id: row.group_id,
    parent_id: parentShown ? row.parent_id : null,
    parent_iid: parentShown ? row.parent_iid : null,
    title: row.title,
    description: row.description,
    ...(opts.withDescriptionHtml ? { description_html: row.description_html, lock_version: row.lock_version } : {}),
    state: row.state,
    confidential: row.confidential,
    hidden: row.hidden,
    ...presentImported(row),
    web_url: webUrl(ctx, `groups/${row.group_full_path}/-/epics/${row.iid}`),
    reference: short,
    references: {
      short,
      relative: opts.fromGroupId === undefined || opts.fromGroupId === row.group_id ? short : full,
      full,
    },
    author: author ? presentUserBasic(ctx, author) : null,
    start_date: row.start_date,
    start_date_is_fixed: row.start_date_is_fixed,
    start_date_fixed: row.start_date_fixed,
    start_date_from_milestones: row.start_date_inherited,
    start_date_from_inherited_source: row.start_date_inherited,
    end_date: row.due_date,
    due_date: row.due_date,
    due_date_is_fixed: row.due_date_is_fixed,
    due_date_fixed: row.due_date_fixed,
    due_date_from_milestones: row.due_date_inherited,
    due_date_from_inherited_source: row.due_date_inherited,
    created_at: row.created_at,
    updated_at: row.updated_at,
    closed_at: row.closed_at,
    labels: opts.withLabelsDetails ? labels.map(presentLabelSummary) : labels.map((l) => l.title),
    upvotes: votes.up,
    downvotes: votes.down,
    color: row.color,
    text_color: textColorFor(row.color),
    _links: {
      self: `${api}/groups/${row.group_id}/epics/${row.iid}`,
      epic_issues: `${api}/groups/${row.group_id}/epics/${row.iid}/issues`,
      group: `${api}/groups/${row.group_id}`,
      parent:
        parentShown && row.parent_iid !== null && row.parent_group_id !== null
          ? `${api}/groups/${row.parent_group_id}/epics/${row.parent_iid}`
          : null,
    },
  };
}

export type EpicJson = ReturnType<typeof presentEpic>;

/** A page of epics as JSON: the rows plus 3 batch statements. */
export async function presentEpics(db: Executor, ctx: Ctx, rows: readonly EpicRow[], opts: PresentEpicOptions) {
  const extras = await loadEpicExtras(db, rows, opts.viewer);
  return rows.map((r) => presentEpic(ctx, r, extras, opts));
}
