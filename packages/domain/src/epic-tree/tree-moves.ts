/**
 * The epic tree's ordering and moves (IE §4): how children are ordered, and which
 * `epicTreeReorder` placement a drag or a keyboard move sends. `relativePosition` in a placement
 * says where the ADJACENT item ends up: 'before' = above the moved one, 'after' = below it.
 */

export type TreeItemState = 'opened' | 'closed';

export interface Orderable {
  relativePosition: number | null;
  state: TreeItemState;
}

export type RelativePlacement = 'before' | 'after';

/** An epicTreeReorder `moved` input, without the moved id: no adjacent = first among the siblings. */
export interface Placement {
  adjacentId?: string;
  relativePosition?: RelativePlacement;
}

/** Child ordering: by relativePosition (unpositioned last), then open before closed; stable otherwise. */
export function sortTreeChildren<T extends Orderable>(items: readonly T[]): T[] {
  const rank = (p: number | null) => (p == null ? Number.POSITIVE_INFINITY : p);
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        rank(a.item.relativePosition) - rank(b.item.relativePosition) ||
        (a.item.state === b.item.state ? 0 : a.item.state === 'opened' ? -1 : 1) ||
        a.index - b.index,
    )
    .map((x) => x.item);
}

/**
 * GitLab's reorder within a parent: the adjacent item is the one at `newIndex` before the move;
 * the position is 'after' when moved to index 0, otherwise 'before' when moved to the end or
 * downward, else 'after'. Null when nothing moves.
 */
export function reorderPlacement(siblingIds: readonly string[], oldIndex: number, newIndex: number): Placement | null {
  const last = siblingIds.length - 1;
  if (oldIndex === newIndex || oldIndex < 0 || oldIndex > last || newIndex < 0 || newIndex > last) return null;
  const adjacentId = siblingIds[newIndex];
  let relativePosition: RelativePlacement;
  if (newIndex === 0) relativePosition = 'after';
  else if (newIndex === last || newIndex > oldIndex) relativePosition = 'before';
  else relativePosition = 'after';
  return { adjacentId, relativePosition };
}

/**
 * A move into another parent at `index` among its children (`newSiblingIds`, without the moved
 * item): first child (an empty epic too) → next to the current first; otherwise after the item above.
 */
export function moveIntoPlacement(newSiblingIds: readonly string[], index: number): Placement {
  if (newSiblingIds.length === 0) return {};
  const at = Math.max(0, Math.min(index, newSiblingIds.length));
  if (at === 0) return { adjacentId: newSiblingIds[0], relativePosition: 'after' };
  return { adjacentId: newSiblingIds[at - 1], relativePosition: 'before' };
}

/** `items` with the one at `from` moved to `to` (the optimistic reorder). */
export function moveInList<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [moved] = copy.splice(from, 1);
  if (moved === undefined) return copy;
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, moved);
  return copy;
}

export type KeyboardMoveKey = 'up' | 'down' | 'indent' | 'outdent';

/** What the keyboard move needs to know about the focused row's place in the tree. */
export interface KeyboardMoveContext {
  /** Ids of the focused row's siblings, in order, the row included. */
  siblingIds: readonly string[];
  index: number;
  parentId: string;
  /** Unless the parent is the page's epic: the grandparent and the parent's index under it. */
  grandparent: { id: string; parentIndex: number } | null;
  /** The sibling above, when it is an epic the actor may move items into, and its children's ids. */
  previousEpic: { id: string; childIds: readonly string[] } | null;
}

/** A keyboard move's mutation input (without the moved id) and where the row ends up. */
export interface KeyboardMove extends Placement {
  newParentId?: string;
  /** The parent the row ends up under and its index there. */
  targetParentId: string;
  targetIndex: number;
}

/**
 * Alt+ArrowUp/Down move within the parent; Tab indents into the epic above as its last child;
 * Shift+Tab outdents to the grandparent, right after the parent. Null when the move is impossible.
 */
export function keyboardMove(key: KeyboardMoveKey, ctx: KeyboardMoveContext): KeyboardMove | null {
  const { siblingIds, index, parentId } = ctx;
  if (key === 'up' || key === 'down') {
    const to = key === 'up' ? index - 1 : index + 1;
    const placement = reorderPlacement(siblingIds, index, to);
    return placement && { ...placement, targetParentId: parentId, targetIndex: to };
  }
  if (key === 'indent') {
    const target = ctx.previousEpic;
    if (!target || index === 0 || siblingIds[index - 1] !== target.id) return null;
    const childIds = target.childIds.filter((id) => id !== siblingIds[index]);
    return {
      ...moveIntoPlacement(childIds, childIds.length),
      newParentId: target.id,
      targetParentId: target.id,
      targetIndex: childIds.length,
    };
  }
  if (ctx.grandparent == null) return null;
  return {
    adjacentId: parentId,
    relativePosition: 'before',
    newParentId: ctx.grandparent.id,
    targetParentId: ctx.grandparent.id,
    targetIndex: ctx.grandparent.parentIndex + 1,
  };
}
