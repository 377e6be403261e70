import { type MovePlan, planMove } from '../ordering/plan-move';
import { type RelativePlacement, sortTreeChildren, type TreeItemState } from './tree-moves';

/**
 * The epic tree's one position space (GitLab's RelativePositioning across `epics` and
 * `epic_issues`): an epic's child epics and its issue links share `relative_position`, so a level
 * is one ordered list and an item can be placed next to one of the other kind.
 */

export type TreeChildKind = 'Epic' | 'EpicIssue';

/** A child of an epic: a child epic (`epics.id`) or an issue's link (`epic_issues.id`). */
export interface TreeChildRef {
  kind: TreeChildKind;
  id: number;
}

export interface TreeChild extends TreeChildRef {
  relative_position: number | null;
  state: TreeItemState;
}

/** A child's key in the mixed list: ids of the two tables may be equal. */
export type TreeChildKey = `${TreeChildKind}:${number}`;

export const treeChildKey = (ref: TreeChildRef): TreeChildKey => `${ref.kind}:${ref.id}`;

export function parseTreeChildKey(key: TreeChildKey): TreeChildRef {
  const [kind, id] = key.split(':');
  return { kind: kind as TreeChildKind, id: Number(id) };
}

/**
 * The children in the order the tree shows them (sortTreeChildren, as the web sorts a level): by
 * position (unplaced last), then open before closed, then child epics before issues (the web lists
 * the children page before the issues page), then by id.
 */
export function orderTreeChildren<T extends TreeChild>(children: readonly T[]): T[] {
  const listed = [...children].sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === 'Epic' ? -1 : 1));
  return sortTreeChildren(
    listed.map((child) => ({ child, relativePosition: child.relative_position, state: child.state })),
  ).map((x) => x.child);
}

/**
 * epicTreeReorder's move among `children` (the level, in any order, the moved child included):
 * right below `adjacent` when it ends up 'before' (above the moved one), right above it when it ends
 * up 'after', first when there is no adjacent child. Either may be of either kind. The plan is the
 * positions to write, keyed by treeChildKey: one row normally, the level on a rebalance.
 */
export function planTreeReorder(
  children: readonly TreeChild[],
  moved: TreeChildRef,
  adjacent?: TreeChildRef,
  relativePosition?: RelativePlacement,
): MovePlan<TreeChildKey> {
  const ordered = orderTreeChildren(children).map((c) => ({
    id: treeChildKey(c),
    relative_position: c.relative_position,
  }));
  const movedKey = treeChildKey(moved);
  if (!adjacent) {
    const first = ordered.find((c) => c.id !== movedKey);
    return first ? planMove(ordered, movedKey, undefined, first.id) : { updates: [] };
  }
  const adjacentKey = treeChildKey(adjacent);
  return relativePosition === 'before'
    ? planMove(ordered, movedKey, adjacentKey, undefined)
    : planMove(ordered, movedKey, undefined, adjacentKey);
}
