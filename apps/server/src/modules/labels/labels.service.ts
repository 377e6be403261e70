import { MAX_INT4, normalizeColor, textColorFor } from '@meridian/domain';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { likePattern } from '../../db/like-pattern';
import { offsetPage } from '../../db/list-page';
import type { LabelsTable } from '../../db/schema';
import { rejectDuplicate } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { ancestorGroupIds, assertCanAdminLabels, type LabelContainer } from './label-container';
import { type LabelScopeOptions, labelScope } from './labels-query';

export type LabelRow = Selectable<LabelsTable>;

export interface ListLabelsOptions extends LabelScopeOptions {
  search?: string;
  page: number;
  perPage: number;
}

/** A page of the labels visible in the container, ordered by title, and the total. */
export async function listLabels(
  db: Database,
  actor: Actor | null,
  container: LabelContainer,
  opts: ListLabelsOptions,
): Promise<{ rows: LabelRow[]; total: number }> {
  let base = db.selectFrom('labels as l').where(labelScope(actor, container, opts));
  if (opts.search) {
    const pattern = likePattern(opts.search);
    base = base.where((eb) => eb.or([eb('l.title', 'ilike', pattern), eb('l.description', 'ilike', pattern)]));
  }
  return offsetPage(db, base.selectAll('l').orderBy('l.title').orderBy('l.id'), base.select(sql`1`.as('one')), opts);
}

/**
 * One label of the container by numeric id or by title (GitLab's `label_id` accepts both).
 * `includeAncestors`: also the inherited group labels (reads do; updates and deletes do not).
 */
export async function findLabel(
  db: Database,
  actor: Actor | null,
  container: LabelContainer,
  idOrTitle: string,
  includeAncestors: boolean,
): Promise<LabelRow> {
  const scope = labelScope(actor, container, {
    includeAncestorGroups: includeAncestors,
    includeDescendantGroups: false,
    onlyGroupLabels: true,
  });
  const isId = /^\d{1,10}$/.test(idOrTitle) && Number(idOrTitle) <= MAX_INT4;
  const rows = await db
    .selectFrom('labels as l')
    .selectAll('l')
    .where(scope)
    .where((eb) =>
      isId ? eb.or([eb('l.id', '=', Number(idOrTitle)), eb('l.title', '=', idOrTitle)]) : eb('l.title', '=', idOrTitle),
    )
    .execute();
  const row = (isId ? rows.find((r) => r.id === Number(idOrTitle)) : undefined) ?? rows[0];
  if (!row) throw notFound('Label');
  return row;
}

/** Labels available in the container (own + ancestor groups) with these exact titles. For issue/epic writers. */
export async function availableLabelsByTitle(
  db: Database,
  container: LabelContainer,
  titles: string[],
): Promise<LabelRow[]> {
  if (titles.length === 0) return [];
  return db
    .selectFrom('labels as l')
    .selectAll('l')
    .where(
      labelScope(null, container, {
        includeAncestorGroups: true,
        includeDescendantGroups: true,
        onlyGroupLabels: true,
      }),
    )
    .where('l.title', 'in', titles)
    .execute();
}

function ownerColumns(container: LabelContainer) {
  return container.kind === 'project'
    ? { project_id: container.project.id, group_id: null }
    : { group_id: container.group.id, project_id: null };
}

/** 409 when the title is taken in the container or (as GitLab) by an inherited group label. */
async function assertTitleFree(db: Database, container: LabelContainer, title: string, exceptId?: number) {
  const groups = ancestorGroupIds(container);
  let q = db.selectFrom('labels as l').select('l.id').where('l.title', '=', title);
  q =
    container.kind === 'project'
      ? q.where((eb) =>
          groups.length > 0
            ? eb.or([eb('l.project_id', '=', container.project.id), eb('l.group_id', 'in', groups)])
            : eb('l.project_id', '=', container.project.id),
        )
      : q.where('l.group_id', 'in', groups);
  if (exceptId !== undefined) q = q.where('l.id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict('Label already exists');
}

export function parseColor(input: string): string {
  const color = normalizeColor(input);
  if (!color)
    throw badRequest('color is invalid: must be a valid color code (#RRGGBB, #RGB or a CSS color name)', 'color');
  return color;
}

export function cleanTitle(input: string, field: string): string {
  const title = input.trim();
  if (!title) throw badRequest(`${field} is empty`, field);
  if (title.includes(',')) throw badRequest(`${field} is invalid: commas are not allowed`, field);
  return title;
}

export interface CreateLabelInput {
  name: string;
  color: string;
  description?: string | null;
  priority?: number | null;
}

export async function createLabel(
  db: Database,
  actor: Actor | null,
  container: LabelContainer,
  input: CreateLabelInput,
): Promise<LabelRow> {
  requireActor(actor);
  assertCanAdminLabels(actor, container);
  const title = cleanTitle(input.name, 'name');
  const color = parseColor(input.color);
  await assertTitleFree(db, container, title);
  return rejectDuplicate(
    () =>
      db
        .insertInto('labels')
        .values({
          ...ownerColumns(container),
          title,
          color,
          text_color: textColorFor(color),
          description: input.description ?? '',
          priority: container.kind === 'project' ? (input.priority ?? null) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    () => conflict('Label already exists'),
  );
}

export interface UpdateLabelInput {
  new_name?: string;
  color?: string;
  description?: string | null;
  priority?: number | null;
}

export async function updateLabel(
  db: Database,
  actor: Actor | null,
  container: LabelContainer,
  idOrTitle: string,
  input: UpdateLabelInput,
): Promise<LabelRow> {
  requireActor(actor);
  const label = await findLabel(db, actor, container, idOrTitle, false);
  assertCanAdminLabels(actor, container);
  if (
    input.new_name === undefined &&
    input.color === undefined &&
    input.description === undefined &&
    input.priority === undefined
  ) {
    throw badRequest('new_name, color, description, priority are missing, at least one parameter must be provided');
  }
  const set: Partial<Record<'title' | 'color' | 'text_color' | 'description', string>> & {
    priority?: number | null;
  } = {};
  if (input.new_name !== undefined) {
    set.title = cleanTitle(input.new_name, 'new_name');
    await assertTitleFree(db, container, set.title, label.id);
  }
  if (input.color !== undefined) {
    set.color = parseColor(input.color);
    set.text_color = textColorFor(set.color);
  }
  if (input.description !== undefined) set.description = input.description ?? '';
  if (input.priority !== undefined && container.kind === 'project') set.priority = input.priority;
  return rejectDuplicate(
    () =>
      db
        .updateTable('labels')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', label.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    () => conflict('Label already exists'),
  );
}

export async function deleteLabel(
  db: Database,
  actor: Actor | null,
  container: LabelContainer,
  idOrTitle: string,
): Promise<void> {
  requireActor(actor);
  const label = await findLabel(db, actor, container, idOrTitle, false);
  assertCanAdminLabels(actor, container);
  await db.deleteFrom('labels').where('id', '=', label.id).execute();
}
