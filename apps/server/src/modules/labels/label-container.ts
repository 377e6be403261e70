import { type RawBuilder, sql } from 'kysely';
import { forbidden } from '../../errors';
import { canLabel } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { GroupSubject, ProjectSubject } from '../../policy/subjects';
import { groupSubject, type NamespaceContainer, projectSubject } from '../namespaces';

/** Where a label (or milestone) lives, with what the policy needs: a project or a group. */
export type LabelContainer = NamespaceContainer;

export function containerSubject(container: LabelContainer): GroupSubject | ProjectSubject {
  return container.kind === 'project' ? projectSubject(container.project) : groupSubject(container.group);
}

/** Group ids whose labels a container inherits: the project's namespace chain, or the group's ancestors. */
export function ancestorGroupIds(container: LabelContainer): number[] {
  if (container.kind === 'group') return container.group.traversal_ids;
  return container.project.namespace_type === 'Group' ? container.project.namespace_traversal_ids : [];
}

/** 403 unless the actor may manage labels in the container (the container itself is readable). */
export function assertCanAdminLabels(actor: Actor | null, container: LabelContainer): void {
  if (!canLabel(actor, 'admin_label', { kind: 'label', container: containerSubject(container) })) throw forbidden();
}

/**
 * Conditions over `alias` (labels or milestones: `project_id` and `group_id`) for the container's own
 * rows and, with `includeAncestors`, those of its ancestor groups (for a project, every group above it).
 */
export function ownAndAncestorRows(
  alias: 'l' | 'm',
  container: LabelContainer,
  includeAncestors: boolean,
): RawBuilder<boolean>[] {
  const groupId = sql.ref(`${alias}.group_id`);
  if (container.kind === 'project') {
    const parts = [sql<boolean>`${sql.ref(`${alias}.project_id`)} = ${container.project.id}`];
    const groups = ancestorGroupIds(container);
    if (includeAncestors && groups.length > 0) parts.push(sql<boolean>`${groupId} = ANY(${groups}::int[])`);
    return parts;
  }
  const group = container.group;
  return [
    includeAncestors
      ? sql<boolean>`${groupId} = ANY(${group.traversal_ids}::int[])`
      : sql<boolean>`${groupId} = ${group.id}`,
  ];
}
