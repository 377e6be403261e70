import { AppLink } from '../../../lib/AppLink';
import { Spinner } from '../../../ui/Spinner';
import layout from '../../shared/DetailLayout.module.css';
import { SidebarField } from '../../shared/People';
import styles from './EpicSidebar.module.css';
import { useEpicAncestors } from './queries';

/** IE §6: an ancestor the viewer may not read (the server sends no title for it). */
export const NO_PERMISSION_TEXT = "You don't have permission to view this epic";

/** The epic's ancestors, from the top-most down to its parent (IE-32). */
export function EpicAncestorsWidget({ groupPath, iid }: { groupPath: string; iid: number }) {
  const ancestors = useEpicAncestors(groupPath, iid);
  let body: React.ReactNode;
  if (ancestors.isPending) body = <Spinner label="Loading ancestors" />;
  else if (ancestors.isError) body = <span className={layout.none}>Could not load the ancestors.</span>;
  else if (ancestors.data.length === 0) body = <span className={layout.none}>None</span>;
  else
    body = (
      <ol className={styles.ancestors} aria-label="Ancestors">
        {ancestors.data.map((a, index) => (
          <li key={a.id ?? `hidden-${index}`} className={styles.ancestor}>
            {a.readable && a.title && a.webPath ? (
              <>
                <span
                  className={a.state === 'closed' ? styles.stateClosed : styles.stateOpen}
                  role="img"
                  aria-label={a.state === 'closed' ? 'Closed' : 'Open'}
                />
                <AppLink
                  href={a.webPath}
                  title={[a.humanReadableEndDate, a.humanReadableTimestamp].filter(Boolean).join(' · ') || undefined}
                >
                  {a.title}
                </AppLink>
              </>
            ) : (
              <span className={layout.none}>{NO_PERMISSION_TEXT}</span>
            )}
          </li>
        ))}
      </ol>
    );
  return <SidebarField label="Ancestors">{body}</SidebarField>;
}
