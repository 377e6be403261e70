import { AppLink } from '../../lib/AppLink';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { buttonClassName } from '../../ui/buttonClassName';
import { DetailSection } from '../shared/DetailPage';
import { childMove } from './childMove';
import { useMoveWorkItemChild, useWorkItemHierarchy } from './queries';
import styles from './WorkItemHierarchy.module.css';

const ICONS: Record<string, string> = {
  Task: '☑',
  Issue: '◉',
  Incident: '⚠',
  Objective: '◎',
  'Key Result': '⚑',
  Epic: '◆',
};

/**
 * The parent link and the "Child items" list of an issue-backed work item (IE-38's hierarchy):
 * what the reader may see, 100 children at most. GraphQL is a POST, so it waits for the session.
 * Readers who may administer parent links move a child one place up or down with its buttons
 * (native buttons with the button look: React Aria's button is not in the issue page's first load).
 */
export function WorkItemHierarchy({ issueId }: { issueId: number }) {
  const hierarchy = useWorkItemHierarchy(issueId);
  const move = useMoveWorkItemChild(issueId);
  const data = hierarchy.data;
  if (!data) return null;
  const children = data.children?.nodes ?? [];
  const ids = children.map((c) => c.id);
  const movable = data.canAdminParentLink && children.length > 1;
  const moveButton = (index: number, direction: 'up' | 'down', title: string) => {
    const to = childMove(ids, index, direction);
    const id = ids[index];
    return (
      <button
        type="button"
        className={buttonClassName('tertiary', 'small')}
        aria-label={`Move ${title} ${direction}`}
        disabled={!to || move.isPending}
        onClick={() => to && id && move.mutate({ id, to })}
      >
        <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
      </button>
    );
  };
  return (
    <>
      {data.parent && (
        <p className={styles.parent}>
          Parent:{' '}
          <AppLink href={data.parent.webPath}>
            {data.parent.reference} {data.parent.title}
          </AppLink>{' '}
          <Badge variant="neutral">{data.parent.workItemType.name}</Badge>
        </p>
      )}
      {children.length > 0 && (
        <DetailSection id="child-items-title" title={`Child items (${data.children?.count ?? children.length})`}>
          <ul className={styles.list} aria-labelledby="child-items-title">
            {children.map((child, index) => (
              <li key={child.id} className={styles.row}>
                <span role="img" aria-label={child.workItemType.name} title={child.workItemType.name}>
                  {ICONS[child.workItemType.name] ?? '•'}
                </span>
                <span className={styles.reference}>{child.reference}</span>
                <AppLink href={child.webPath} className={styles.title}>
                  {child.title}
                </AppLink>
                <Badge variant={child.state === 'OPEN' ? 'success' : 'info'}>
                  {child.state === 'OPEN' ? 'Open' : 'Closed'}
                </Badge>
                {movable && (
                  <span className={styles.moves}>
                    {moveButton(index, 'up', child.title ?? '')}
                    {moveButton(index, 'down', child.title ?? '')}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {move.isError && <Alert variant="danger">{move.error.message}</Alert>}
        </DetailSection>
      )}
    </>
  );
}
