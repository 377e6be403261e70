import type { ReferenceContext } from '@meridian/domain';
import { sql } from 'kysely';
import type { InTransaction } from '../../../service-context';
import type { GroupRow, ProjectRow } from '../../namespaces';
import type { ImportJobRow } from '../import-jobs';
import { userForSourcePerson } from '../source-people';
import type { RedmineSourceContext } from './redmine-source';
import type { RedmineNamed } from './redmine-types';

/** The kinds of keys a batch looks up: what the job created (`epics` marks the issues imported as epics). */
export type RedmineRefKind = 'users' | 'groups' | 'projects' | 'labels' | 'milestones' | 'issues' | 'epics';

export interface RedmineRef {
  kind: RedmineRefKind;
  key: string;
}

/** What one batch is imported with: the transaction, the job, the group imported into, the references resolved. */
export interface RedmineImport {
  ctx: InTransaction;
  job: ImportJobRow;
  root: GroupRow;
  source: RedmineSourceContext;
  id(kind: RedmineRefKind, key: string): number | undefined;
  remember(kind: string, key: string, id: number): void;
  /** The projects the batch's items belong to (their paths and groups). */
  projects: Map<number, ProjectRow>;
  projectContext(project: ProjectRow): ReferenceContext;
  /** Usernames of the people the batch's journals name. */
  usernames: Map<number, string>;
}

export const userRef = (person: RedmineNamed | undefined): RedmineRef[] =>
  person ? [{ kind: 'users', key: String(person.id) }] : [];

/** Redmine's stand-in for no one: its issues and notes have no author here. */
const isAnonymous = (person: RedmineNamed) => person.name === 'Anonymous';

/**
 * Writes a key the runner did not (an extra key of an item, a person met on the way) in the batch's
 * transaction, so a resumed run finds it; the batch's later items see it at once.
 */
export async function rememberKey(a: RedmineImport, kind: string, key: string, targetId: number): Promise<void> {
  await a.ctx.db
    .insertInto('import_job_items')
    .values({ job_id: a.job.id, kind, source_id: key, target_id: targetId })
    .onConflict((oc) => oc.columns(['job_id', 'kind', 'source_id']).doNothing())
    .execute();
  a.remember(kind, key, targetId);
}

/**
 * The user here for a person of the Redmine: the one the people step matched or made, or — when
 * the key could not list people (not an administrator's), or the person was not listed (a group,
 * a deleted user) — a placeholder made now under the name Redmine shows.
 */
export async function personId(a: RedmineImport, person: RedmineNamed | undefined): Promise<number | null> {
  if (!person || isAnonymous(person)) return null;
  const known = a.id('users', String(person.id));
  if (known !== undefined) return known;
  const username = `redmine_user_${person.id}`;
  const { id } = await userForSourcePerson(
    a.ctx.db,
    { namespaceId: a.root.id, sourceHostname: a.source.url },
    { sourceId: username, username, email: null, name: person.name || `Redmine user ${person.id}` },
  );
  await rememberKey(a, 'users', String(person.id), id);
  return id;
}

/** A report line the runner did not write: a part of an item that could not be imported (a relation). */
export async function reportSkip(a: RedmineImport, kind: string, key: string, reason: string): Promise<void> {
  await a.ctx.db
    .insertInto('import_job_skips')
    .values({ job_id: a.job.id, kind, source_id: key, reason: reason.slice(0, 1000) })
    .onConflict((oc) => oc.columns(['job_id', 'kind', 'source_id']).doUpdateSet({ reason: sql`excluded.reason` }))
    .execute();
}

export async function dropSkip(a: RedmineImport, kind: string, key: string): Promise<void> {
  await a.ctx.db
    .deleteFrom('import_job_skips')
    .where('job_id', '=', a.job.id)
    .where('kind', '=', kind)
    .where('source_id', '=', key)
    .execute();
}

/** Redmine's times are UTC ISO strings; its dates are days. */
export const at = (iso: string) => new Date(iso);
