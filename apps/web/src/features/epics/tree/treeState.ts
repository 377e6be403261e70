import {
  type KeyboardMoveKey,
  keyboardMove,
  moveInList,
  moveIntoPlacement,
  type Placement,
  reorderPlacement,
  sortTreeChildren,
} from '@meridian/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { epicKeys } from '../queries';
import { fetchTreePage, reorderTree, type TreeItem } from './treeApi';
import { type TreeLevelRef, treeLevelKey } from './useTreeLevel';

export const ORDER_ERROR = 'Something went wrong while ordering item.';
export const MOVE_ERROR = 'Something went wrong while moving item.';

/** What the panel knows of a rendered level: its rows as shown, and where it hangs. */
export interface LevelInfo {
  parentId: string;
  parentTitle: string;
  level: TreeLevelRef;
  items: TreeItem[];
  /** The level above (null for the page's epic). */
  grandparentId: string | null;
  /** The actor may admin the parent's relations. */
  adminRelation: boolean;
}

export interface MoveRequest {
  item: TreeItem;
  fromParentId: string;
  toParentId: string;
  /** Index in the target level once the item is taken out of its old place. */
  toIndex: number;
}

/** A row the pointer drags over: where the dragged row would land. */
export interface DropTarget {
  itemId: string;
  zone: 'before' | 'after' | 'into';
}

export function useTreeState(root: { groupPath: string; iid: number; epicId: string }) {
  const queryClient = useQueryClient();
  const levels = useRef(new Map<string, LevelInfo>());
  const [overrides, setOverrides] = useState<ReadonlyMap<string, TreeItem[]>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<{ item: TreeItem; parentId: string } | null>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget | null>(null);
  const focusAfterMove = useRef<string | null>(null);

  const toggle = useCallback((id: string, open?: boolean) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const registerLevel = useCallback((info: LevelInfo) => {
    levels.current.set(info.parentId, info);
  }, []);

  const shown = useCallback((parentId: string, items: TreeItem[]) => overrides.get(parentId) ?? items, [overrides]);

  const commit = useCallback(
    async (req: MoveRequest, placement: Placement, optimistic: Map<string, TreeItem[]>, announce: string) => {
      const reorder = req.fromParentId === req.toParentId;
      setError(null);
      setOverrides((prev) => new Map([...prev, ...optimistic]));
      const clear = () =>
        setOverrides((prev) => {
          const next = new Map(prev);
          for (const key of optimistic.keys()) next.delete(key);
          return next;
        });
      try {
        await reorderTree({
          baseEpicId: root.epicId,
          movedId: req.item.moveId,
          adjacentId: placement.adjacentId,
          relativePosition: placement.relativePosition,
          newParentId: reorder ? undefined : req.toParentId,
        });
        setAnnouncement(announce);
        await queryClient.invalidateQueries({ queryKey: epicKeys.tree(root.groupPath, root.iid) });
        clear();
      } catch {
        clear();
        setError(reorder ? ORDER_ERROR : MOVE_ERROR);
        setAnnouncement(reorder ? ORDER_ERROR : MOVE_ERROR);
      }
    },
    [queryClient, root.epicId, root.groupPath, root.iid],
  );

  const move = useCallback(
    (req: MoveRequest, announce: string, knownTargetItems?: TreeItem[]) => {
      const from = levels.current.get(req.fromParentId);
      if (!from) return;
      const fromItems = overrides.get(req.fromParentId) ?? from.items;
      const oldIndex = fromItems.findIndex((i) => i.id === req.item.id);
      if (oldIndex < 0) return;
      const optimistic = new Map<string, TreeItem[]>();
      let placement: Placement | null;
      // Child epics and issues share one position space: the adjacent item may be of either kind,
      // so the server's order is exactly the optimistic one.
      if (req.fromParentId === req.toParentId) {
        placement = reorderPlacement(
          fromItems.map((i) => i.moveId),
          oldIndex,
          req.toIndex,
        );
        if (!placement) return;
        optimistic.set(req.fromParentId, moveInList(fromItems, oldIndex, req.toIndex));
      } else {
        const to = levels.current.get(req.toParentId);
        const toItems = (to && (overrides.get(req.toParentId) ?? to.items)) ?? knownTargetItems ?? [];
        const target = toItems.filter((i) => i.id !== req.item.id);
        const at = Math.min(req.toIndex, target.length);
        placement = moveIntoPlacement(
          target.map((i) => i.moveId),
          at,
        );
        target.splice(at, 0, req.item);
        optimistic.set(
          req.fromParentId,
          fromItems.filter((i) => i.id !== req.item.id),
        );
        optimistic.set(req.toParentId, target);
        toggle(req.toParentId, true);
      }
      focusAfterMove.current = req.item.id;
      void commit(req, placement, optimistic, announce);
    },
    [overrides, commit, toggle],
  );

  /** Alt+ArrowUp/Down, Tab, Shift+Tab on a focused row; false when the move is not possible. */
  const keyboard = useCallback(
    async (key: KeyboardMoveKey, item: TreeItem, parentId: string): Promise<boolean> => {
      const level = levels.current.get(parentId);
      if (!level) return false;
      const siblings = overrides.get(parentId) ?? level.items;
      const index = siblings.findIndex((i) => i.id === item.id);
      const previous = siblings[index - 1];
      let previousEpic: { id: string; childIds: string[] } | null = null;
      let previousChildren: TreeItem[] | undefined;
      if (key === 'indent' && previous?.kind === 'Epic' && previous.adminRelation && previous.groupFullPath) {
        const childLevel: TreeLevelRef = {
          rootGroupPath: root.groupPath,
          rootIid: root.iid,
          groupPath: previous.groupFullPath,
          iid: previous.iid,
        };
        const known = levels.current.get(previous.id);
        previousChildren = known
          ? (overrides.get(previous.id) ?? known.items)
          : sortTreeChildren(
              (
                await queryClient.fetchQuery({
                  queryKey: [...treeLevelKey(childLevel), 'peek'],
                  queryFn: () =>
                    fetchTreePage(childLevel.groupPath, childLevel.iid, { epicEndCursor: null, issueEndCursor: null }),
                })
              ).items,
            );
        previousEpic = { id: previous.id, childIds: previousChildren.map((i) => i.id) };
      }
      const grandLevel = level.grandparentId ? levels.current.get(level.grandparentId) : undefined;
      const grandItems = grandLevel ? (overrides.get(grandLevel.parentId) ?? grandLevel.items) : [];
      const grandparent =
        grandLevel && level.grandparentId
          ? { id: level.grandparentId, parentIndex: grandItems.findIndex((i) => i.id === parentId) }
          : null;
      const planned = keyboardMove(key, {
        siblingIds: siblings.map((i) => i.id),
        index,
        parentId,
        grandparent,
        previousEpic,
      });
      if (!planned) return false;
      const target = levels.current.get(planned.targetParentId);
      if (planned.targetParentId !== parentId && target && !target.adminRelation) return false;
      const where =
        key === 'indent'
          ? `into ${previous?.title ?? 'the epic above'}`
          : key === 'outdent'
            ? `out to ${grandLevel?.parentTitle ?? 'the parent epic'}`
            : `to position ${planned.targetIndex + 1} of ${siblings.length}`;
      move(
        { item, fromParentId: parentId, toParentId: planned.targetParentId, toIndex: planned.targetIndex },
        `Moved ${item.title} ${where}.`,
        previousChildren,
      );
      return true;
    },
    [overrides, move, queryClient, root.groupPath, root.iid],
  );

  return useMemo(
    () => ({
      root,
      levels,
      registerLevel,
      shown,
      expanded,
      toggle,
      move,
      keyboard,
      error,
      setError,
      announcement,
      setAnnouncement,
      dragging,
      setDragging,
      dropTarget,
      setDropTarget,
      focusAfterMove,
    }),
    [root, registerLevel, shown, expanded, toggle, move, keyboard, error, announcement, dragging, dropTarget],
  );
}

export type TreeState = ReturnType<typeof useTreeState>;

export const TreeContext = createContext<TreeState | null>(null);

export function useTree(): TreeState {
  const value = useContext(TreeContext);
  if (!value) throw new Error('useTree outside the child-items panel');
  return value;
}
