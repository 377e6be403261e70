import {
  ENVIRONMENT_NAME_MESSAGE,
  type EnvironmentTier,
  environmentSlug,
  guessEnvironmentTier,
  isValidEnvironmentName,
} from '@meridian/domain';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import { likePattern } from '../../db/like-pattern';
import { offsetPage } from '../../db/list-page';
import type { EnvironmentsTable } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import type { ProjectRow } from '../namespaces';
import { authorizeOnProject } from './deployment-access';

export type EnvironmentRow = Selectable<EnvironmentsTable>;

export interface EnvironmentListOptions {
  name?: string;
  search?: string;
  states?: string;
  page: number;
  perPage: number;
}

export async function listEnvironments(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  opts: EnvironmentListOptions,
): Promise<{ rows: EnvironmentRow[]; total: number }> {
  authorizeOnProject(actor, project, 'read');
  let base = db.selectFrom('environments').where('project_id', '=', project.id);
  if (opts.name !== undefined) base = base.where('name', '=', opts.name);
  if (opts.search !== undefined) base = base.where('name', 'ilike', likePattern(opts.search));
  if (opts.states !== undefined) base = base.where('state', '=', opts.states);
  return offsetPage(db, base.selectAll().orderBy('name').orderBy('id'), base.select(sql`1`.as('one')), opts);
}

export async function findEnvironment(
  db: Executor,
  actor: Actor | null,
  project: ProjectRow,
  environmentId: number,
): Promise<EnvironmentRow> {
  authorizeOnProject(actor, project, 'read');
  const row = await db
    .selectFrom('environments')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('id', '=', environmentId)
    .executeTakeFirst();
  if (!row) throw notFound('Environment');
  return row;
}

function checkName(name: string): void {
  if (!isValidEnvironmentName(name)) throw badRequest(`name ${ENVIRONMENT_NAME_MESSAGE}`, 'name');
}

/** A fresh slug for `name` in the project: GitLab's, with a counter when another environment holds it. */
async function freeSlug(db: Executor, projectId: number, name: string): Promise<string> {
  const base = environmentSlug(name);
  const taken = new Set(
    (
      await db
        .selectFrom('environments')
        .select('slug')
        .where('project_id', '=', projectId)
        .where('slug', 'like', `${base.slice(0, 20)}%`)
        .execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base.slice(0, 24 - String(i).length - 1)}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface NewEnvironment {
  name: string;
  external_url?: string;
  tier?: EnvironmentTier;
}

async function insertEnvironment(db: Executor, project: ProjectRow, input: NewEnvironment): Promise<EnvironmentRow> {
  checkName(input.name);
  return db
    .insertInto('environments')
    .values({
      project_id: project.id,
      name: input.name,
      slug: await freeSlug(db, project.id, input.name),
      external_url: input.external_url || null,
      tier: input.tier ?? guessEnvironmentTier(input.name),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createEnvironment(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  input: NewEnvironment,
): Promise<EnvironmentRow> {
  authorizeOnProject(actor, project, 'write');
  const existing = await db
    .selectFrom('environments')
    .select('id')
    .where('project_id', '=', project.id)
    .where('name', '=', input.name)
    .executeTakeFirst();
  if (existing) throw badRequest('name has already been taken', 'name');
  return insertEnvironment(db, project, input);
}

/** The project's environment of that name, made (tier guessed) when missing, as GitLab's deployments API does. */
export async function findOrCreateEnvironmentByName(
  db: Executor,
  project: ProjectRow,
  name: string,
): Promise<EnvironmentRow> {
  const existing = await db
    .selectFrom('environments')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('name', '=', name)
    .executeTakeFirst();
  return existing ?? insertEnvironment(db, project, { name });
}

export async function updateEnvironment(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  environmentId: number,
  input: { external_url?: string | null; tier?: EnvironmentTier },
): Promise<EnvironmentRow> {
  authorizeOnProject(actor, project, 'write');
  await findEnvironment(db, actor, project, environmentId);
  const changes: { external_url?: string | null; tier?: string } = {};
  if (input.external_url !== undefined) changes.external_url = input.external_url || null;
  if (input.tier !== undefined) changes.tier = input.tier;
  return db
    .updateTable('environments')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', environmentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function stopEnvironment(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  environmentId: number,
): Promise<EnvironmentRow> {
  authorizeOnProject(actor, project, 'write');
  await findEnvironment(db, actor, project, environmentId);
  return db
    .updateTable('environments')
    .set({ state: 'stopped', updated_at: new Date() })
    .where('id', '=', environmentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** GitLab deletes only stopped environments (its destroy_environment policy): 403 for an available one. */
export async function deleteEnvironment(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  environmentId: number,
): Promise<void> {
  authorizeOnProject(actor, project, 'write');
  const env = await findEnvironment(db, actor, project, environmentId);
  if (env.state !== 'stopped') throw forbidden();
  await db.deleteFrom('environments').where('id', '=', environmentId).execute();
}
