import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { safeStorage } from '../../../lib/safeStorage';
import { useSession } from '../../../lib/session';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ToggleSwitch } from '../../../ui/Switch';
import { epicKeys } from '../queries';
import styles from './ChildItemsPanel.module.css';
import { RemoveItemModal } from './RemoveItemModal';
import { RoadmapTab } from './RoadmapTab';
import { TreeHeaderCounts } from './TreeHeaderCounts';
import { TreeLevel } from './TreeLevel';
import { MOVE_KEYS_HELP } from './TreeRow';
import { removeRelation, type TreeItem } from './treeApi';
import { ChevronIcon } from './treeIcons';
import { TreeContext, useTreeState } from './treeState';
import { type TreeView, TreeViewContext } from './treeView';
import { useTreeLevel } from './useTreeLevel';

export const SHOW_LABELS_KEY = 'gl-show-board-labels';
/** More direct children than this and the tree scrolls inside the panel. */
const SCROLL_AFTER = 5;

/**
 * The epic page's child-items panel (IE §2.3): the tree of child epics and issues with its
 * rollups, drag-and-drop and keyboard moves, remove, and the Roadmap tab. `addMenu` (the ADD
 * dropdown and its forms, features/epics/tree-add) renders in the header.
 */
export function ChildItemsPanel({
  groupPath,
  iid,
  epicId,
  epicTitle,
  allowSubEpics = true,
  addMenu,
}: {
  groupPath: string;
  iid: number;
  /** The epic's global id (epicTreeReorder's base). */
  epicId: string;
  epicTitle: string;
  allowSubEpics?: boolean;
  addMenu?: ReactNode;
}) {
  const { user } = useSession();
  const signedIn = !!user;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const [showLabels, setShowLabels] = useState(() => safeStorage.get(SHOW_LABELS_KEY) !== 'false');
  const [removing, setRemoving] = useState<{ item: TreeItem; parentTitle: string } | null>(null);
  const tree = useTreeState({ groupPath, iid, epicId });
  const view = useMemo<TreeView>(
    () => ({ signedIn, showLabels, onRemove: (item, parentTitle) => setRemoving({ item, parentTitle }) }),
    [signedIn, showLabels],
  );
  const rootLevel = { rootGroupPath: groupPath, rootIid: iid, groupPath, iid: String(iid) };
  const { parent, items } = useTreeLevel(rootLevel);
  const title = allowSubEpics ? 'Child issues and epics' : 'Issues';

  const remove = async (item: TreeItem) => {
    if (!item.relationPath) throw new Error('We could not determine the path to remove the issue/epic');
    await removeRelation(item.relationPath);
    tree.setAnnouncement(`Removed ${item.title}.`);
    await queryClient.invalidateQueries({ queryKey: epicKeys.tree(groupPath, iid) });
  };

  const treeBody = (
    <>
      <div className={styles.treeTools}>
        <ToggleSwitch
          label="Show labels"
          isSelected={showLabels}
          onChange={(value) => {
            setShowLabels(value);
            safeStorage.set(SHOW_LABELS_KEY, String(value));
          }}
        />
        {signedIn && parent?.adminRelation && (
          <span className={styles.help} id="tree-move-help">
            Drag rows to reorder or move them. {MOVE_KEYS_HELP}
          </span>
        )}
      </div>
      {tree.error && (
        <Alert variant="danger" action={<Button onPress={() => tree.setError(null)}>Dismiss</Button>}>
          {tree.error}
        </Alert>
      )}
      <div
        className={`${styles.treeBody} ${items.length > SCROLL_AFTER ? styles.scrolls : ''}`}
        data-testid="tree-body"
      >
        <TreeLevel level={rootLevel} parentId={epicId} parentTitle={epicTitle} grandparentId={null} depth={0} />
      </div>
    </>
  );

  return (
    <TreeContext.Provider value={tree}>
      <TreeViewContext.Provider value={view}>
        <section className={styles.panel} aria-labelledby="child-items-title" data-testid="child-items-panel">
          <header className={styles.header}>
            <Button
              variant="tertiary"
              size="small"
              aria-expanded={open}
              aria-controls="child-items-body"
              aria-label={open ? `Collapse ${title}` : `Expand ${title}`}
              onPress={() => setOpen((v) => !v)}
            >
              <ChevronIcon open={open} />
            </Button>
            <h2 id="child-items-title" className={styles.heading}>
              {title}
            </h2>
            {parent && <TreeHeaderCounts parent={parent} allowSubEpics={allowSubEpics} />}
            <div className={styles.addMenu}>{addMenu}</div>
          </header>
          <div id="child-items-body" hidden={!open}>
            {allowSubEpics ? (
              <Tabs>
                <TabList aria-label="Child items view" className={styles.tabs}>
                  <Tab id="tree" className={styles.tab}>
                    Tree
                  </Tab>
                  <Tab id="roadmap" className={styles.tab}>
                    Roadmap
                  </Tab>
                </TabList>
                <TabPanel id="tree">{treeBody}</TabPanel>
                <TabPanel id="roadmap" className={styles.roadmap}>
                  <RoadmapTab groupPath={groupPath} iid={iid} />
                </TabPanel>
              </Tabs>
            ) : (
              treeBody
            )}
          </div>
          <div aria-live="polite" className="visually-hidden" data-testid="tree-announcer">
            {tree.announcement}
          </div>
          <RemoveItemModal target={removing} onClose={() => setRemoving(null)} onConfirm={remove} />
        </section>
      </TreeViewContext.Provider>
    </TreeContext.Provider>
  );
}
