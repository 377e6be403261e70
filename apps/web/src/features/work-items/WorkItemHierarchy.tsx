import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../lib/AppLink';
import { useSession } from '../../lib/session';
import { Badge } from '../../ui/Badge';
import { DetailSection } from '../shared/DetailPage';
import styles from './WorkItemHierarchy.module.css';
import { fetchWorkItemHierarchy } from './workItemsApi';

/** GitLab's names for the issues table's types. */
export const WORK_ITEM_TYPE_NAMES: Record<string, string> = {
  issue: 'Issue',
  incident: 'Incident',
  task: 'Task',
  objective: 'Objective',
  key_result: 'Key Result',
};

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
 */
export function WorkItemHierarchy({ issueId }: { issueId: number }) {
  const session = useSession();
  const hierarchy = useQuery({
    enabled: !session.isLoading,
    queryKey: ['work-items', 'hierarchy', issueId],
    queryFn: ({ signal }) => fetchWorkItemHierarchy(issueId, signal),
  });
  const data = hierarchy.data;
  if (!data) return null;
  const children = data.children?.nodes ?? [];
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
            {children.map((child) => (
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
              </li>
            ))}
          </ul>
        </DetailSection>
      )}
    </>
  );
}
