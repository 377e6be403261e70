import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import styles from './ChildItemsPanel.module.css';
import { TreeRow } from './TreeRow';
import { useTree } from './treeState';
import { useTreeView } from './treeView';
import { type TreeLevelRef, useTreeLevel } from './useTreeLevel';

export const FETCH_ERROR = 'Something went wrong while fetching child epics.';
export const EMPTY_TEXT =
  "Link child issues and epics together to show that they're related, or that one blocks another.";
const LEARN_MORE_URL = 'https://docs.gitlab.com/ee/user/group/epics/manage_epics.html#multi-level-child-epics';

/** One level of the tree (the page epic's children, or an expanded child epic's), with 'Show more'. */
export function TreeLevel({
  level,
  parentId,
  parentTitle,
  grandparentId,
  depth,
}: {
  level: TreeLevelRef;
  parentId: string;
  parentTitle: string;
  grandparentId: string | null;
  depth: number;
}) {
  const tree = useTree();
  const { signedIn } = useTreeView();
  const { query, items, parent } = useTreeLevel(level);
  const shown = tree.shown(parentId, items);
  const adminRelation = signedIn && (parent?.adminRelation ?? false);
  tree.registerLevel({ parentId, parentTitle, level, items: shown, grandparentId, adminRelation });

  if (query.isPending && shown.length === 0) return <Spinner label="Loading child items" size="small" />;
  if (query.isError)
    return (
      <Alert variant="danger" action={<Button onPress={() => void query.refetch()}>Retry</Button>}>
        {FETCH_ERROR}
      </Alert>
    );
  if (shown.length === 0) {
    return depth === 0 ? (
      <p className={styles.empty}>
        {EMPTY_TEXT}{' '}
        <a href={LEARN_MORE_URL} target="_blank" rel="noopener noreferrer">
          Learn more<span className="visually-hidden"> about child issues and epics</span>
        </a>
      </p>
    ) : (
      <p className={styles.emptyLevel} style={{ paddingInlineStart: `${depth * 20 + 56}px` }}>
        No child items.
      </p>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label={`Child items of ${parentTitle}`}>
        {shown.map((item) => (
          <TreeRow
            key={item.id}
            item={item}
            parentId={parentId}
            parentTitle={parentTitle}
            depth={depth}
            canAdminParent={adminRelation}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className={styles.more} style={{ paddingInlineStart: `${depth * 20 + 8}px` }}>
          <Button
            variant="tertiary"
            size="small"
            isDisabled={query.isFetchingNextPage}
            onPress={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      )}
    </>
  );
}
