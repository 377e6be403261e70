import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import type { IdOrPath } from './id-or-path';
import { findGroup, findProject, type GroupRow, type ProjectRow } from './namespace-lookup.service';

/** A project or a group, for what lives in either (labels, milestones, templates, protected environments). */
export type NamespaceContainer = { kind: 'project'; project: ProjectRow } | { kind: 'group'; group: GroupRow };

/** The project or group `idOrPath` names, or 404 when it is missing or hidden from the actor. */
export async function findContainer(
  db: Database,
  actor: Actor | null,
  kind: NamespaceContainer['kind'],
  idOrPath: IdOrPath,
): Promise<NamespaceContainer> {
  return kind === 'project'
    ? { kind, project: await findProject(db, actor, idOrPath) }
    : { kind, group: await findGroup(db, actor, idOrPath) };
}
