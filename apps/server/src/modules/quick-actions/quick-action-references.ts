import { type EpicArg, type IterationArg, iterationInPeriod } from '@meridian/domain';
import type { Database } from '../../db/connection';
import { DomainError } from '../../errors';
import { todayIso } from '../../lib/today';
import type { Actor } from '../../policy/actor';
import { loadActiveActors } from '../../policy/load-actor';
import { findEpic } from '../epics';
import { findIssue } from '../issues';
import { findGroup, findProject, type ProjectRow } from '../namespaces';

/**
 * Reference resolution for quick actions in the target issue's or merge request's project (an epic's
 * group for labels), one
 * statement per kind for a whole set of commands: what does not resolve, or the actor may not see,
 * is simply absent.
 */

/** Who resolves the references (`me`), and in which project. */
export interface QuickActionScope {
  me: Actor;
  project: ProjectRow;
}

const groupsOf = (t: QuickActionScope) =>
  t.project.namespace_traversal_ids.length ? t.project.namespace_traversal_ids : [0];

/**
 * Why a plan resolves its references: to explain a preview, or to run the commands. A preview names
 * any existing active user (`/assign @x` reads "Assigns @x."), so it never tells who may read the
 * issue or merge request; running the commands keeps only users the write accepts.
 */
export type QuickActionPurpose = 'explain' | 'execute';

/**
 * Active users by username (case-insensitive). To run commands, only those `mayBeAssigned` allows —
 * the rule the write applies (able to read the issue or merge request); to explain them, any (see
 * `QuickActionPurpose`). `me` is the actor.
 */
export async function assignableUsers(
  db: Database,
  t: QuickActionScope,
  usernames: readonly string[],
  purpose: QuickActionPurpose,
  mayBeAssigned: (candidate: Actor) => boolean,
): Promise<Map<string, { id: number; username: string }>> {
  const wanted = [...new Set(usernames.map((u) => (u === 'me' ? t.me.username : u).toLowerCase()))];
  const found = new Map<string, { id: number; username: string }>();
  if (wanted.length === 0) return found;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', wanted))
    .execute();
  const actors = await loadActiveActors(
    db,
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    const candidate = actors.get(row.id);
    if (candidate && (purpose === 'explain' || mayBeAssigned(candidate))) found.set(row.username.toLowerCase(), row);
  }
  if (wanted.includes(t.me.username.toLowerCase()) && found.has(t.me.username.toLowerCase())) {
    found.set('me', found.get(t.me.username.toLowerCase()) as { id: number; username: string });
  }
  return found;
}

/** Where labels come from: a project (or none, for an epic) and its ancestor groups. */
export interface LabelOwner {
  projectId: number | null;
  groupIds: readonly number[];
}

/** The labels a project's issues and merge requests may carry: its own, then its groups'. */
export const projectLabelOwner = (t: QuickActionScope): LabelOwner => ({
  projectId: t.project.id,
  groupIds: groupsOf(t),
});

/** Existing labels the owner may carry (the project's own, then its groups'), by exact title. */
export async function ownerLabels(
  db: Database,
  owner: LabelOwner,
  titles: readonly string[],
): Promise<Map<string, { id: number; title: string }>> {
  const found = new Map<string, { id: number; title: string }>();
  if (titles.length === 0) return found;
  const groupIds = owner.groupIds.length ? [...owner.groupIds] : [0];
  const rows = await db
    .selectFrom('labels')
    .select(['id', 'title', 'project_id'])
    .where('title', 'in', [...new Set(titles)])
    .where((eb) =>
      owner.projectId === null
        ? eb('group_id', 'in', groupIds)
        : eb.or([eb('project_id', '=', owner.projectId), eb('group_id', 'in', groupIds)]),
    )
    .orderBy('project_id')
    .orderBy('id')
    .execute();
  // Project labels sort first (NULLS LAST): a project label wins over a group label of the same title.
  for (const row of rows) if (!found.has(row.title)) found.set(row.title, { id: row.id, title: row.title });
  return found;
}

/** Existing labels the project's issues may carry (its own, then its groups'), by exact title. */
export function projectLabels(db: Database, t: QuickActionScope, titles: readonly string[]) {
  return ownerLabels(db, projectLabelOwner(t), titles);
}

/** Active milestones of the project or its groups, by title. */
export async function projectMilestones(
  db: Database,
  t: QuickActionScope,
  titles: readonly string[],
): Promise<Map<string, { id: number; title: string }>> {
  const found = new Map<string, { id: number; title: string }>();
  if (titles.length === 0) return found;
  const rows = await db
    .selectFrom('milestones')
    .select(['id', 'title'])
    .where('title', 'in', [...new Set(titles)])
    .where('state', '=', 'active')
    .where((eb) => eb.or([eb('project_id', '=', t.project.id), eb('group_id', 'in', groupsOf(t))]))
    .orderBy('id')
    .execute();
  for (const row of rows) if (!found.has(row.title)) found.set(row.title, row);
  return found;
}

/** Iterations of the project's groups named by id or title. */
export async function projectIterations(
  db: Database,
  t: QuickActionScope,
  args: readonly IterationArg[],
): Promise<{ id: number; title: string | null }[]> {
  if (args.length === 0) return [];
  const ids = args.flatMap((a) => ('id' in a ? [a.id] : []));
  const titles = args.flatMap((a) => ('title' in a ? [a.title] : []));
  return db
    .selectFrom('iterations')
    .select(['id', 'title'])
    .where('group_id', 'in', groupsOf(t))
    .where((eb) =>
      eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(titles.length ? [eb('title', 'in', titles)] : [])]),
    )
    .orderBy('id')
    .execute();
}

/**
 * `/iteration [cadence:…] --current|--next`: the iteration of the cadence (one of the project's groups'
 * cadences; the only one when none is named) whose dates hold today, or the next to start. null
 * when the cadence is unknown or ambiguous, or has no such iteration.
 */
export async function periodIteration(
  db: Database,
  t: QuickActionScope,
  arg: Extract<IterationArg, { period: unknown }>,
): Promise<{ id: number; title: string | null } | null> {
  let cadences = db.selectFrom('iterations_cadences').select('id').where('group_id', 'in', groupsOf(t));
  if (arg.cadence && 'id' in arg.cadence) cadences = cadences.where('id', '=', arg.cadence.id);
  if (arg.cadence && 'title' in arg.cadence) cadences = cadences.where('title', '=', arg.cadence.title);
  const found = await cadences.limit(2).execute();
  const cadence = found.length === 1 ? found[0] : undefined;
  if (!cadence) return null;
  const rows = await db
    .selectFrom('iterations')
    .select(['id', 'title', 'start_date', 'due_date'])
    .where('iterations_cadence_id', '=', cadence.id)
    .execute();
  const dated = rows.map((r) => ({ id: r.id, title: r.title, startDate: r.start_date, dueDate: r.due_date }));
  const chosen = iterationInPeriod(dated, todayIso(), arg.period);
  return chosen ? { id: chosen.id, title: chosen.title } : null;
}

/** null when missing or unreadable (`findEpic`'s 404), never telling which. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  }
}

/** The epic `&iid` (of the project's group) or `group/path&iid`, when the actor may read it. */
export function readableEpic(db: Database, t: QuickActionScope, arg: EpicArg) {
  return orNull(async () => {
    const groupId =
      arg.path === null
        ? t.project.namespace_type === 'Group'
          ? t.project.namespace_id
          : null
        : (await findGroup(db, t.me, { fullPath: arg.path })).id;
    if (groupId === null) return null;
    return findEpic(db, t.me, groupId, arg.iid);
  });
}

/**
 * The issue `#iid` of the same project, or `group/project#iid` of another, for /copy_metadata, when
 * the actor may read it — a missing project or issue and an unreadable one are alike (null).
 */
export function readableIssue(db: Database, t: QuickActionScope, ref: { path: string | null; iid: number }) {
  return orNull(async () => {
    const projectId = ref.path === null ? t.project.id : (await findProject(db, t.me, { fullPath: ref.path })).id;
    return findIssue(db, t.me, projectId, ref.iid);
  });
}
