import { datesInOrder } from '@meridian/domain';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import { offsetPage } from '../../db/list-page';
import type { MilestonesTable } from '../../db/schema';
import { rejectDuplicate } from '../../db/unique-violation';
import { badRequest, forbidden, notFound } from '../../errors';
import { canMilestone } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { readableDescendantGroupIds, readableProjectIdsOfGroup } from '../../policy/sql-scopes';
import { epicIdsDatedBy, refreshEpicDates } from '../epics';
import { nextIid } from '../internal-ids';
import { containerSubject, type LabelContainer, ownAndAncestorRows } from '../labels';

export type MilestoneRow = Selectable<MilestonesTable>;
/** A milestone lives in a project or a group, like a label. */
export type MilestoneContainer = LabelContainer;

export interface ListMilestonesOptions {
  state?: 'active' | 'closed';
  title?: string;
  /** Case-insensitive substring of the title or the description (REST `search`, `search_title`). */
  search?: string;
  /** Case-insensitive substring of the title only (GraphQL `searchTitle`). */
  searchTitle?: string;
  /**
   * Milestones whose [start_date, due_date] overlaps [start, end] ('YYYY-MM-DD'): a missing date is
   * an open end, and a milestone without either date never matches (GitLab's `within_timeframe`).
   */
  timeframe?: { start: string; end: string };
  iids?: number[];
  includeAncestors: boolean;
  includeDescendants: boolean;
  updatedBefore?: Date;
  updatedAfter?: Date;
  page: number;
  perPage: number;
}

function ownScope(
  actor: Actor | null,
  container: MilestoneContainer,
  opts: Pick<ListMilestonesOptions, 'includeAncestors' | 'includeDescendants'>,
) {
  const parts = ownAndAncestorRows('m', container, opts.includeAncestors);
  if (container.kind === 'group' && opts.includeDescendants) {
    const g = container.group;
    parts.push(sql<boolean>`m.group_id IN ${readableDescendantGroupIds(actor, g.id)}`);
    parts.push(sql<boolean>`m.project_id IN ${readableProjectIdsOfGroup(actor, g.id, { descendants: true })}`);
  }
  return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}

/** A page of milestones (newest first, as GitLab) and the total. */
export async function listMilestones(
  db: Database,
  actor: Actor | null,
  container: MilestoneContainer,
  opts: ListMilestonesOptions,
): Promise<{ rows: MilestoneRow[]; total: number }> {
  let q = db.selectFrom('milestones as m').where(ownScope(actor, container, opts));
  if (opts.state) q = q.where('m.state', '=', opts.state);
  if (opts.title !== undefined) q = q.where('m.title', '=', opts.title);
  if (opts.search) {
    const p = likePattern(opts.search);
    q = q.where((eb) => eb.or([eb('m.title', 'ilike', p), eb('m.description', 'ilike', p)]));
  }
  if (opts.searchTitle) q = q.where('m.title', 'ilike', likePattern(opts.searchTitle));
  if (opts.timeframe) {
    const tf = opts.timeframe;
    if (!datesInOrder(tf.start, tf.end)) throw badRequest('timeframe start must be before end', 'timeframe');
    q = q.where(
      sql<boolean>`(m.start_date IS NOT NULL OR m.due_date IS NOT NULL)
        AND (m.start_date IS NULL OR m.start_date <= ${tf.end}::date)
        AND (m.due_date IS NULL OR m.due_date >= ${tf.start}::date)`,
    );
  }
  if (opts.iids && opts.iids.length > 0) q = q.where('m.iid', 'in', opts.iids);
  if (opts.updatedBefore) q = q.where('m.updated_at', '<', opts.updatedBefore);
  if (opts.updatedAfter) q = q.where('m.updated_at', '>', opts.updatedAfter);
  return offsetPage(db, q.selectAll('m').orderBy('m.id', 'desc'), q.select(sql`1`.as('one')), opts);
}

/** One milestone of the container by its global id (GitLab's `milestone_id`); 404 otherwise. */
export async function findMilestone(
  db: Database,
  container: MilestoneContainer,
  milestoneId: number,
): Promise<MilestoneRow> {
  const q = db.selectFrom('milestones as m').selectAll('m').where('m.id', '=', milestoneId);
  const row = await (container.kind === 'project'
    ? q.where('m.project_id', '=', container.project.id)
    : q.where('m.group_id', '=', container.group.id)
  ).executeTakeFirst();
  if (!row) throw notFound('Milestone');
  return row;
}

function assertCanAdmin(actor: Actor | null, container: MilestoneContainer) {
  if (!canMilestone(actor, 'admin_milestone', { kind: 'milestone', container: containerSubject(container) })) {
    throw forbidden();
  }
}

function assertDateOrder(start: string | null, due: string | null) {
  if (!datesInOrder(start, due)) throw badRequest('start_date must be on or before due_date', 'start_date');
}

async function assertTitleFree(db: Database, container: MilestoneContainer, title: string, exceptId?: number) {
  let q = db.selectFrom('milestones').select('id').where('title', '=', title);
  q =
    container.kind === 'project'
      ? q.where('project_id', '=', container.project.id)
      : q.where('group_id', '=', container.group.id);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw badRequest('title has already been taken', 'title');
}

export interface MilestoneInput {
  title?: string;
  description?: string | null;
  start_date?: string | null;
  due_date?: string | null;
  state_event?: 'close' | 'activate';
}

export async function createMilestone(
  db: Database,
  actor: Actor | null,
  container: MilestoneContainer,
  input: MilestoneInput & { title: string },
): Promise<MilestoneRow> {
  requireActor(actor);
  assertCanAdmin(actor, container);
  const title = input.title.trim();
  if (!title) throw badRequest('title is empty', 'title');
  assertDateOrder(input.start_date ?? null, input.due_date ?? null);
  await assertTitleFree(db, container, title);
  return rejectDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        const iid =
          container.kind === 'project'
            ? await nextIid(trx, 'project_milestones', container.project.id)
            : await nextIid(trx, 'group_milestones', container.group.id);
        return trx
          .insertInto('milestones')
          .values({
            iid,
            project_id: container.kind === 'project' ? container.project.id : null,
            group_id: container.kind === 'group' ? container.group.id : null,
            title,
            description: input.description ?? '',
            start_date: input.start_date ?? null,
            due_date: input.due_date ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }),
    () => badRequest('title has already been taken', 'title'),
  );
}

export async function updateMilestone(
  db: Database,
  actor: Actor | null,
  container: MilestoneContainer,
  milestoneId: number,
  input: MilestoneInput,
): Promise<MilestoneRow> {
  requireActor(actor);
  const milestone = await findMilestone(db, container, milestoneId);
  assertCanAdmin(actor, container);
  const set: {
    title?: string;
    description?: string;
    start_date?: string | null;
    due_date?: string | null;
    state?: string;
  } = {};
  if (input.title !== undefined) {
    set.title = input.title.trim();
    if (!set.title) throw badRequest('title is empty', 'title');
    await assertTitleFree(db, container, set.title, milestone.id);
  }
  if (input.description !== undefined) set.description = input.description ?? '';
  if (input.start_date !== undefined) set.start_date = input.start_date;
  if (input.due_date !== undefined) set.due_date = input.due_date;
  if (input.state_event) set.state = input.state_event === 'close' ? 'closed' : 'active';
  assertDateOrder(
    set.start_date !== undefined ? set.start_date : milestone.start_date,
    set.due_date !== undefined ? set.due_date : milestone.due_date,
  );
  const datesChange = set.start_date !== undefined || set.due_date !== undefined;
  return rejectDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('milestones')
          .set({ ...set, updated_at: new Date() })
          .where('id', '=', milestone.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (datesChange) await refreshEpicDates(trx, { milestoneId: milestone.id });
        return row;
      }),
    () => badRequest('title has already been taken', 'title'),
  );
}

export async function deleteMilestone(
  db: Database,
  actor: Actor | null,
  container: MilestoneContainer,
  milestoneId: number,
): Promise<void> {
  requireActor(actor);
  const milestone = await findMilestone(db, container, milestoneId);
  assertCanAdmin(actor, container);
  await db.transaction().execute(async (trx) => {
    const epicIds = await epicIdsDatedBy(trx, { milestoneId: milestone.id });
    await trx.deleteFrom('milestones').where('id', '=', milestone.id).execute();
    await refreshEpicDates(trx, { epicIds });
  });
}
