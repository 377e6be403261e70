import type { Database } from '../../db/connection';
import { badRequest } from '../../errors';
import type { Actor } from '../../policy/actor';
import { parseIdOrPath } from '../../rest/params';
import type { LabelContainer } from '../labels';
import { findContainer, findGroup, findProject } from '../namespaces';

/** Where suggestions come from: a readable group or project (the same shape labels and milestones use). */
export type SuggestionContainer = LabelContainer;

/** The group or project of a page-JSON URL, or 404 when it is missing or hidden from the actor. */
export async function containerFromPath(
  db: Database,
  actor: Actor | null,
  kind: 'group' | 'project',
  fullPath: string,
): Promise<SuggestionContainer> {
  return findContainer(db, actor, kind, { fullPath });
}

/**
 * The container named by `group_id` or `project_id` (an id or a URL-encoded full path; the group
 * wins when both are given, as in GitLab), or undefined when neither is given.
 */
export async function containerFromParams(
  db: Database,
  actor: Actor | null,
  params: { group_id?: string; project_id?: string },
): Promise<SuggestionContainer | undefined> {
  if (params.group_id)
    return { kind: 'group', group: await findGroup(db, actor, parseIdOrPath(params.group_id, 'group_id')) };
  if (params.project_id)
    return { kind: 'project', project: await findProject(db, actor, parseIdOrPath(params.project_id, 'project_id')) };
  return undefined;
}

/** Like containerFromParams, but one of the two is required: 400 naming group_id otherwise. */
export async function requiredContainerFromParams(
  db: Database,
  actor: Actor | null,
  params: { group_id?: string; project_id?: string },
): Promise<SuggestionContainer> {
  const container = await containerFromParams(db, actor, params);
  if (!container) throw badRequest('At least one of group_id or project_id must be specified', 'group_id');
  return container;
}

/** Ids of the groups a container inherits from: the group and its ancestors, or the project's namespace chain. */
export function inheritedGroupIds(container: SuggestionContainer): number[] {
  if (container.kind === 'group') return container.group.traversal_ids;
  return container.project.namespace_type === 'Group' ? container.project.namespace_traversal_ids : [];
}
