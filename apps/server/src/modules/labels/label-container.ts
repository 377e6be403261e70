import { forbidden } from '../../errors';
import { canLabel } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import type { GroupSubject, ProjectSubject } from '../../policy/subjects';
import { type GroupRow, groupSubject, type ProjectRow, projectSubject } from '../namespaces/namespace-lookup.service';

/** Where a label (or milestone) lives, with what the policy needs: a project or a group. */
export type LabelContainer = { kind: 'project'; project: ProjectRow } | { kind: 'group'; group: GroupRow };

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
