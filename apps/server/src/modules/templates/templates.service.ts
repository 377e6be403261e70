import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { IssuableTemplatesTable } from '../../db/schema';
import { rejectDuplicate } from '../../db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { canTemplate, type TemplateAbility } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { ancestorGroupIds, containerSubject, type LabelContainer } from '../labels';
import { templateAtPath } from './repository-file-path';

export type TemplateRow = Selectable<IssuableTemplatesTable>;
/** A project or a group: where templates are kept (the same containers as labels). */
export type TemplateContainer = LabelContainer;
export type IssuableType = 'issue' | 'merge_request';

/** At most this many templates per container and type: the picker lists them all, unpaged. */
export const TEMPLATES_PER_CONTAINER = 200;

function assertCan(actor: Actor | null, ability: TemplateAbility, container: TemplateContainer): void {
  if (!canTemplate(actor, ability, { kind: 'issuable_template', container: containerSubject(container) })) {
    throw ability === 'read_issuable_template' ? notFound('Template') : forbidden();
  }
}

/** The actor, when they may manage the container's templates (404 when they cannot see it, else 403). */
function manager(actor: Actor | null, container: TemplateContainer): Actor {
  const me = requireActor(actor);
  assertCan(me, 'read_issuable_template', container);
  assertCan(me, 'admin_issuable_template', container);
  return me;
}

/** Runs a write; a second template of the same name (any case) in the container is a 409. */
function uniquelyNamed<T>(write: () => Promise<T>): Promise<T> {
  return rejectDuplicate(write, () => conflict('Template with this name already exists'));
}

const ownerColumns = (c: TemplateContainer) =>
  c.kind === 'project' ? { project_id: c.project.id, group_id: null } : { group_id: c.group.id, project_id: null };

/** `t` belongs to the container itself (not inherited). */
const ownedBy = (c: TemplateContainer) =>
  c.kind === 'project' ? sql<boolean>`t.project_id = ${c.project.id}` : sql<boolean>`t.group_id = ${c.group.id}`;

/** A template name: trimmed, 1–100 characters, no path separators or control characters. */
function cleanName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest('name is missing', 'name');
  if (name.length > 100) throw badRequest('name is too long (maximum is 100 characters)', 'name');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[/\\\u0000-\u001f\u007f]/.test(name))
    throw badRequest('name must not contain slashes or control characters', 'name');
  return name;
}

/**
 * The templates a container offers for a type: its own, then its ancestor groups', nearest first.
 * A name defined nearer hides the same name further up (case-insensitively), as a project's file
 * template hides an instance one in GitLab.
 */
export async function listTemplates(
  db: Database,
  actor: Actor | null,
  container: TemplateContainer,
  type: IssuableType,
): Promise<TemplateRow[]> {
  const seen = new Set<string>();
  return (await offeredTemplates(db, actor, container, type)).filter((r) => {
    const key = r.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every template the container offers for a type, nearest first, hidden names included. */
async function offeredTemplates(
  db: Database,
  actor: Actor | null,
  container: TemplateContainer,
  type: IssuableType,
): Promise<TemplateRow[]> {
  assertCan(actor, 'read_issuable_template', container);
  const groups = ancestorGroupIds(container).filter((id) => container.kind === 'project' || id !== container.group.id);
  const own = ownedBy(container);
  // Depth: 0 for the container's own templates, then 1 for the nearest group upwards.
  const depth = sql<number>`CASE WHEN ${own} THEN 0 ELSE ${groups.length + 1} - array_position(${groups}::int[], t.group_id) END`;
  return db
    .selectFrom('issuable_templates as t')
    .selectAll('t')
    .select(depth.as('depth'))
    .where('t.issuable_type', '=', type)
    .where(sql<boolean>`(${own} OR t.group_id = ANY(${groups}::int[]))`)
    .orderBy('depth')
    .orderBy(sql`lower(t.name)`)
    .limit(TEMPLATES_PER_CONTAINER * (groups.length + 1))
    .execute();
}

/**
 * One template the container offers, by name (case-insensitive); 404 when there is none. With
 * `sourceProjectId` (GitLab's `source_template_project_id`, for a name offered from several places),
 * only the one stored in that project counts: 404 when that project offers this container none (a
 * group's templates are stored in no project, so only a project's own can match).
 */
export async function findTemplate(
  db: Database,
  actor: Actor | null,
  container: TemplateContainer,
  type: IssuableType,
  name: string,
  options: { sourceProjectId?: number } = {},
): Promise<TemplateRow> {
  const wanted = name.toLowerCase();
  const { sourceProjectId } = options;
  const row =
    sourceProjectId === undefined
      ? (await listTemplates(db, actor, container, type)).find((t) => t.name.toLowerCase() === wanted)
      : (await offeredTemplates(db, actor, container, type)).find(
          (t) => t.name.toLowerCase() === wanted && t.project_id === sourceProjectId,
        );
  if (!row) throw notFound('Template');
  return row;
}

/** One of the container's own templates, for update and delete (inherited ones are edited where they live). */
async function ownTemplate(db: Database, container: TemplateContainer, type: IssuableType, name: string) {
  const row = await db
    .selectFrom('issuable_templates as t')
    .selectAll('t')
    .where('t.issuable_type', '=', type)
    .where(ownedBy(container))
    .where(sql<boolean>`lower(t.name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  if (!row) throw notFound('Template');
  return row;
}

export interface TemplateInput {
  name: string;
  content?: string;
}

export async function createTemplate(
  db: Database,
  actor: Actor | null,
  container: TemplateContainer,
  type: IssuableType,
  input: TemplateInput,
): Promise<TemplateRow> {
  manager(actor, container);
  const name = cleanName(input.name);
  const count = await db
    .selectFrom('issuable_templates as t')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('t.issuable_type', '=', type)
    .where(ownedBy(container))
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= TEMPLATES_PER_CONTAINER) {
    throw badRequest(`a ${container.kind} holds at most ${TEMPLATES_PER_CONTAINER} templates of a type`);
  }
  return uniquelyNamed(() =>
    db
      .insertInto('issuable_templates')
      .values({ ...ownerColumns(container), issuable_type: type, name, content: input.content ?? '' })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function updateTemplate(
  db: Database,
  actor: Actor | null,
  container: TemplateContainer,
  type: IssuableType,
  name: string,
  input: { name?: string; content?: string },
): Promise<TemplateRow> {
  manager(actor, container);
  const row = await ownTemplate(db, container, type, name);
  const changes = {
    ...(input.name !== undefined ? { name: cleanName(input.name) } : {}),
    ...(input.content !== undefined ? { content: input.content } : {}),
  };
  return uniquelyNamed(() =>
    db
      .updateTable('issuable_templates')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function deleteTemplate(
  db: Database,
  actor: Actor | null,
  container: TemplateContainer,
  type: IssuableType,
  name: string,
): Promise<void> {
  manager(actor, container);
  const row = await ownTemplate(db, container, type, name);
  await db.deleteFrom('issuable_templates').where('id', '=', row.id).execute();
}

/**
 * A project's own template read as the repository file GitLab keeps it in
 * (`.gitlab/issue_templates/<name>.md`, repository-file-path.ts), at `ref`: the default branch or
 * `HEAD` (Meridian keeps no other). 404 `File Not Found` for any other path, `Commit Not Found` for
 * another ref; the reader needs to see the project's templates.
 */
export async function templateFile(
  db: Database,
  actor: Actor | null,
  project: TemplateContainer & { kind: 'project' },
  path: string,
  ref: string,
): Promise<TemplateRow> {
  assertCan(actor, 'read_issuable_template', project);
  if (ref !== 'HEAD' && ref !== project.project.default_branch) throw notFound('Commit');
  const wanted = templateAtPath(path);
  if (!wanted) throw notFound('File');
  return ownTemplate(db, project, wanted.type, wanted.name).catch(() => {
    throw notFound('File');
  });
}
