import { ErrorState } from '../../app/ErrorState';
import { formatDate } from '../../lib/format';
import { Drawer } from '../../ui/Drawer';
import { PageSpinner } from '../../ui/Spinner';
import type { BillableMember } from './billingApi';
import { useBillableMemberships } from './queries';
import styles from './UsageQuotas.module.css';

/** Where a billable member is a member, and with which role: the groups and projects of the hierarchy. */
export function MembershipsDrawer({
  groupPath,
  member,
  onClose,
}: {
  groupPath: string;
  member: BillableMember | null;
  onClose: () => void;
}) {
  const memberships = useBillableMemberships(groupPath, member?.id ?? null);
  return (
    <Drawer
      isOpen={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? `Memberships of ${member.name}` : 'Memberships'}
      layer="page"
    >
      {memberships.isPending ? (
        <PageSpinner label="Loading memberships" />
      ) : memberships.isError ? (
        <ErrorState error={memberships.error} onRetry={() => void memberships.refetch()} />
      ) : (
        <ul className={styles.memberships} aria-label="Memberships">
          {memberships.data.map((m) => (
            <li key={m.id}>
              <span className={styles.source}>{m.source_full_name}</span>
              <span className={styles.meta}>
                {m.access_level.string_value} · since {formatDate(m.created_at)}
                {m.expires_at ? ` · expires ${formatDate(m.expires_at)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
