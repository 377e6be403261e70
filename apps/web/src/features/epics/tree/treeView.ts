import { createContext, useContext } from 'react';
import type { TreeItem } from './treeApi';

/** What every level and row of the tree shows alike: whether the viewer is signed in, labels on or off, the remove action. */
export interface TreeView {
  signedIn: boolean;
  showLabels: boolean;
  onRemove: (item: TreeItem, parentTitle: string) => void;
}

export const TreeViewContext = createContext<TreeView | null>(null);

export function useTreeView(): TreeView {
  const value = useContext(TreeViewContext);
  if (!value) throw new Error('useTreeView outside the child-items panel');
  return value;
}
