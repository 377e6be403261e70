export {
  type KeyboardMove,
  type KeyboardMoveContext,
  type KeyboardMoveKey,
  keyboardMove,
  moveInList,
  moveIntoPlacement,
  type Orderable,
  type Placement,
  type RelativePlacement,
  reorderPlacement,
  sortTreeChildren,
  type TreeItemState,
} from './tree-moves';
export {
  orderTreeChildren,
  parseTreeChildKey,
  planTreeReorder,
  type TreeChild,
  type TreeChildKey,
  type TreeChildKind,
  type TreeChildRef,
  treeChildKey,
} from './tree-positions';
