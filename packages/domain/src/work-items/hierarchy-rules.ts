import type { WorkItemBaseType } from './work-item-types';

/**
 * GitLab's hierarchy restrictions: which parent type may hold which child type, and how deep a
 * chain of the same type may go (counted in items, the top one included).
 */
interface HierarchyRestriction {
  parent: WorkItemBaseType;
  child: WorkItemBaseType;
  /** Longest chain of parent-type items above and including the child, when the child nests its own type. */
  maxDepth: number | null;
}

export const HIERARCHY_RESTRICTIONS: readonly HierarchyRestriction[] = [
  { parent: 'epic', child: 'epic', maxDepth: 7 },
  { parent: 'epic', child: 'issue', maxDepth: null },
  { parent: 'issue', child: 'task', maxDepth: null },
  { parent: 'incident', child: 'task', maxDepth: null },
  { parent: 'objective', child: 'objective', maxDepth: 9 },
  { parent: 'objective', child: 'key_result', maxDepth: null },
];

export function allowedChildTypes(parent: WorkItemBaseType): WorkItemBaseType[] {
  return HIERARCHY_RESTRICTIONS.filter((r) => r.parent === parent).map((r) => r.child);
}

export function allowedParentTypes(child: WorkItemBaseType): WorkItemBaseType[] {
  return HIERARCHY_RESTRICTIONS.filter((r) => r.child === child).map((r) => r.parent);
}

export function mayBeChildOf(parent: WorkItemBaseType, child: WorkItemBaseType): boolean {
  return HIERARCHY_RESTRICTIONS.some((r) => r.parent === parent && r.child === child);
}

/**
 * Why `child` may not go under `parent`, or null when it may. `parentDepth` is how many items of
 * the same type form the chain ending at the parent (1 for a top-level parent); `childHeight` is
 * how many levels of the same type the child brings along (1 when it has no such children).
 * Messages are GitLab's.
 */
export function parentLinkProblem(
  parent: { type: WorkItemBaseType; confidential: boolean; depth: number },
  child: { type: WorkItemBaseType; confidential: boolean; height: number },
): string | null {
  const rule = HIERARCHY_RESTRICTIONS.find((r) => r.parent === parent.type && r.child === child.type);
  if (!rule) return 'it is not allowed to add this type of parent item';
  if (rule.maxDepth !== null && parent.depth + child.height > rule.maxDepth) {
    return 'reached maximum depth';
  }
  if (parent.confidential && !child.confidential) {
    return 'cannot assign a non-confidential work item to a confidential parent. Make the work item confidential and try again.';
  }
  return null;
}

/**
 * Why a work item may not change its confidentiality, or null when it may (GitLab's WorkItem
 * `validate_confidentiality`): turning it on needs every child confidential already; turning it off
 * is refused under a confidential parent.
 */
export function confidentialityChangeProblem(
  item: { typeName: string; confidential: boolean },
  links: { parent: { typeName: string; confidential: boolean } | null; hasPublicChildren: boolean },
): string | null {
  if (item.confidential && links.hasPublicChildren) {
    return 'All child items must be confidential in order to turn on confidentiality.';
  }
  if (!item.confidential && links.parent?.confidential) {
    const child = item.typeName.toLowerCase();
    return `A non-confidential ${child} cannot be assigned to a confidential parent ${links.parent.typeName.toLowerCase()}.`;
  }
  return null;
}
