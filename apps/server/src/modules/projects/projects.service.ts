import type { Database } from '../../db/connection';
import { rejectDuplicate } from '../../db/unique-violation';
import { badRequest, DomainError, forbidden, notFound } from '../../errors';
import { canGroup, canProject, groupAccessLevel } from '../../policy/abilities';
import { AccessLevel, visibilityNames } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import type { IdOrPath } from '../namespaces';
import { findProject, findProjectRow, groupSubject, type ProjectRow, projectSubject } from '../namespaces';

export interface CreateProjectInput {
  name?: string;
  path?: string;
  namespace_id?: number;
  visibility?: number;
  description?: string;
  issues_enabled?: boolean;
  merge_requests_enabled?: boolean;
}

export interface UpdateProjectInput {
  name?: string;
  path?: string;
  visibility?: number;
  description?: string;
  issues_enabled?: boolean;
  merge_requests_enabled?: boolean;
  archived?: boolean;
  default_branch?: string;
}

/** 'My Project!' → 'my-project'. */
export function pathFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug || 'project';
}

/** The signed-in user's personal namespace, created on first use. */
export async function ensureUserNamespace(db: Database, actor: Actor): Promise<{ id: number }> {
  const existing = await db
    .selectFrom('namespaces')
    .select('id')
    .where('type', '=', 'User')
    .where('owner_id', '=', actor.id)
    .executeTakeFirst();
  if (existing) return existing;
  const user = await db
    .selectFrom('users')
    .select(['name', 'username'])
    .where('id', '=', actor.id)
    .executeTakeFirstOrThrow();
  return rejectDuplicate(
    () =>
      db
        .insertInto('namespaces')
        .values({ type: 'User', name: user.name, path: user.username, owner_id: actor.id, visibility_level: 20 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    () => badRequest('namespace path is already taken by a group', 'namespace_id'),
  );
}

function visibilityTooHigh(visibility: number, groupVisibility: number): DomainError {
  return badRequest(
    `visibility ${visibilityNames[visibility]} is not allowed in a ${visibilityNames[groupVisibility]} group`,
    'visibility',
  );
}

/** Where a new project goes, after the create_project check; returns the namespace to use. */
async function resolveNamespace(db: Database, actor: Actor, namespaceId: number | undefined, visibility: number) {
  if (namespaceId === undefined) return { id: (await ensureUserNamespace(db, actor)).id, personal: true };
  const ns = await db.selectFrom('namespaces').selectAll().where('id', '=', namespaceId).executeTakeFirst();
  if (!ns) throw notFound('Namespace');
  if (ns.type === 'User') {
    if (ns.owner_id !== actor.id && !actor.admin) throw notFound('Namespace');
    return { id: ns.id, personal: true };
  }
  const subject = groupSubject(ns);
  if (!canGroup(actor, 'read_group', subject)) throw notFound('Namespace');
  if (!canGroup(actor, 'create_project', subject)) throw forbidden();
  if (visibility > ns.visibility_level) throw visibilityTooHigh(visibility, ns.visibility_level);
  return { id: ns.id, personal: false, level: groupAccessLevel(actor, subject) };
}

export async function createProject(db: Database, actor: Actor | null, input: CreateProjectInput): Promise<ProjectRow> {
  if (!actor) throw new DomainError('unauthorized', '401 Unauthorized');
  if (!input.name && !input.path) throw badRequest('name is missing', 'name');
  const path = input.path ?? pathFromName(input.name ?? '');
  const name = input.name ?? path;
  const visibility = input.visibility ?? 0;
  const ns = await resolveNamespace(db, actor, input.namespace_id, visibility);
  const id = await rejectDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('projects')
          .values({
            namespace_id: ns.id,
            creator_id: actor.id,
            name,
            path,
            visibility_level: visibility,
            description: input.description ?? '',
            issues_enabled: input.issues_enabled ?? true,
            merge_requests_enabled: input.merge_requests_enabled ?? true,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Personal projects belong to their creator; in a group the creator is at least Maintainer.
        const grant = ns.personal
          ? AccessLevel.OWNER
          : (ns.level ?? 0) < AccessLevel.MAINTAINER
            ? AccessLevel.MAINTAINER
            : 0;
        if (grant) {
          await trx
            .insertInto('project_members')
            .values({ project_id: row.id, user_id: actor.id, access_level: grant, created_by_id: actor.id })
            .execute();
        }
        return row.id;
      }),
    () => badRequest('path has already been taken', 'path'),
  );
  const created = await findProjectRow(db, { id });
  if (!created) throw new Error('created project vanished');
  return created;
}

export async function updateProject(
  db: Database,
  actor: Actor | null,
  idOrPath: IdOrPath,
  input: UpdateProjectInput,
): Promise<ProjectRow> {
  const project = await findProject(db, actor, idOrPath);
  if (!canProject(actor, 'admin_project', projectSubject(project))) throw forbidden();
  if (input.visibility !== undefined && project.namespace_type === 'Group') {
    const ns = await db
      .selectFrom('namespaces')
      .select('visibility_level')
      .where('id', '=', project.namespace_id)
      .executeTakeFirstOrThrow();
    if (input.visibility > ns.visibility_level) throw visibilityTooHigh(input.visibility, ns.visibility_level);
  }
  const { visibility, ...rest } = input;
  const values: Record<string, string | boolean | number> = Object.fromEntries(
    Object.entries(rest).filter((e): e is [string, string | boolean] => e[1] !== undefined),
  );
  if (visibility !== undefined) values.visibility_level = visibility;
  if (Object.keys(values).length > 0) {
    await rejectDuplicate(
      () =>
        db
          .updateTable('projects')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', project.id)
          .execute(),
      () => badRequest('path has already been taken', 'path'),
    );
  }
  const updated = await findProjectRow(db, { id: project.id });
  if (!updated) throw new Error('updated project vanished');
  return updated;
}

export async function deleteProject(db: Database, actor: Actor | null, idOrPath: IdOrPath): Promise<void> {
  const project = await findProject(db, actor, idOrPath);
  if (!canProject(actor, 'destroy_project', projectSubject(project))) throw forbidden();
  await db.deleteFrom('projects').where('id', '=', project.id).execute();
}
