import type { Database } from '../../db/connection';
import { forbidden } from '../../errors';
import { canGroup, canProject } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { IdOrPath } from '../namespaces';
import { findGroup, findProject, type GroupRow, groupSubject, type ProjectRow, projectSubject } from '../namespaces';

export type HookOwnerKind = 'project' | 'group';

/** Whose hooks: a project's (Maintainer and up manage them) or a group's (Owner), as GitLab. */
export type HookOwner = { kind: 'project'; project: ProjectRow } | { kind: 'group'; group: GroupRow };

/**
 * The project or group whose hooks the actor manages: 404 when the actor cannot see it, 403 when
 * the actor sees it without the role GitLab asks (`admin_project` Maintainer, group `admin_hook` Owner).
 */
export async function findHookOwner(
  db: Database,
  actor: Actor | null,
  kind: HookOwnerKind,
  idOrPath: IdOrPath,
): Promise<HookOwner> {
  if (kind === 'project') {
    const project = await findProject(db, actor, idOrPath);
    if (!canProject(actor, 'admin_project', projectSubject(project))) throw forbidden();
    return { kind, project };
  }
  const group = await findGroup(db, actor, idOrPath);
  if (!canGroup(actor, 'admin_group', groupSubject(group))) throw forbidden();
  return { kind, group };
}

export function ownerColumn(owner: HookOwner): { column: 'project_id' | 'group_id'; id: number } {
  return owner.kind === 'project'
    ? { column: 'project_id', id: owner.project.id }
    : { column: 'group_id', id: owner.group.id };
}
