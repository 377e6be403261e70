import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { ExternalStatusChecksTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, DomainError } from '../../errors';
import type { Actor } from '../../policy/actor';
import type { ProjectRow } from '../namespaces';
import { externalUrlBlockReason } from '../webhooks';
import { authorizeStatusChecks, type StatusCheckAbility } from './status-check-access';
import type { CreateStatusCheckInput, UpdateStatusCheckInput } from './status-check-params';
import { invalidStatusCheck } from './status-check-refusal';

export type StatusCheckRow = Selectable<ExternalStatusChecksTable>;

/** GitLab's answer for a check id that is not one of the project's (ActiveRecord::RecordNotFound). */
const checkNotFound = () => new DomainError('not_found', '404 Not found');

/** A project's checks, oldest first: Maintainers manage them, Developers `use` them on a merge request. */
export async function listStatusChecks(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  page: { page: number; per_page: number },
  ability: StatusCheckAbility = 'manage',
): Promise<{ rows: StatusCheckRow[]; total: number }> {
  authorizeStatusChecks(actor, project, ability);
  const base = db.selectFrom('external_status_checks').where('project_id', '=', project.id);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One of the project's checks (no permission check: the caller made it), or GitLab's 404. */
export async function findStatusCheck(db: Database, project: ProjectRow, checkId: number): Promise<StatusCheckRow> {
  const row = await db
    .selectFrom('external_status_checks')
    .selectAll()
    .where('id', '=', checkId)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  if (!row) throw checkNotFound();
  return row;
}

/**
 * Meridian has no protected branches, so a check can only cover every branch: any id is one that
 * does not exist in the project, refused naming the parameter.
 */
function assertProtectedBranches(ids: readonly number[] | undefined): void {
  if (ids && ids.length > 0) {
    throw badRequest(
      `protected_branch_ids is invalid: protected branch ${ids[0]} does not exist in this project`,
      'protected_branch_ids',
    );
  }
}

/** GitLab's model validations that need the database: the URL passes the SSRF guard; name and URL unique per project. */
async function validate(
  db: Database,
  projectId: number,
  values: { name: string; external_url: string },
  exceptId: number | null,
): Promise<void> {
  const errors: string[] = [];
  const taken = await db
    .selectFrom('external_status_checks')
    .select(['name', 'external_url'])
    .where('project_id', '=', projectId)
    .where((eb) => eb.or([eb('name', '=', values.name), eb('external_url', '=', values.external_url)]))
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as number))
    .execute();
  const blocked = await externalUrlBlockReason(db, values.external_url);
  if (blocked) errors.push(`External url is blocked: ${blocked}`);
  if (taken.some((t) => t.external_url === values.external_url)) errors.push('External url has already been taken');
  if (taken.some((t) => t.name === values.name)) errors.push('Name has already been taken');
  if (errors.length > 0) throw invalidStatusCheck(errors);
}

/** A concurrent save of the same name or URL loses at the unique index with the same message. */
function takenError(error: { constraint?: string }) {
  return invalidStatusCheck([
    error.constraint?.includes('url') ? 'External url has already been taken' : 'Name has already been taken',
  ]);
}

async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw takenError(error);
    throw error;
  }
}

export async function createStatusCheck(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  input: CreateStatusCheckInput,
): Promise<StatusCheckRow> {
  authorizeStatusChecks(actor, project, 'manage');
  assertProtectedBranches(input.protected_branch_ids);
  await validate(db, project.id, input, null);
  return saving(() =>
    db
      .insertInto('external_status_checks')
      .values({
        project_id: project.id,
        name: input.name,
        external_url: input.external_url,
        shared_secret: input.shared_secret ? input.shared_secret : null,
        protected_branch_ids: [],
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function updateStatusCheck(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  checkId: number,
  input: UpdateStatusCheckInput,
): Promise<StatusCheckRow> {
  authorizeStatusChecks(actor, project, 'manage');
  const check = await findStatusCheck(db, project, checkId);
  assertProtectedBranches(input.protected_branch_ids);
  const next = { name: input.name ?? check.name, external_url: input.external_url ?? check.external_url };
  await validate(db, project.id, next, check.id);
  return saving(() =>
    db
      .updateTable('external_status_checks')
      .set({
        ...next,
        ...(input.shared_secret !== undefined ? { shared_secret: input.shared_secret || null } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', check.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** Deletes the check with its answers and unsent requests (cascade). */
export async function deleteStatusCheck(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  checkId: number,
): Promise<void> {
  authorizeStatusChecks(actor, project, 'manage');
  const check = await findStatusCheck(db, project, checkId);
  await db.deleteFrom('external_status_checks').where('id', '=', check.id).execute();
}
