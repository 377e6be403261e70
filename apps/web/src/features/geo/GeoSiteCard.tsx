import { useState } from 'react';
import { timeAgo } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { GeoSiteForm } from './GeoSiteForm';
import styles from './GeoSites.module.css';
import type { GeoSite, GeoSiteStatus } from './geoApi';
import { useRemoveGeoSite } from './queries';

const REMOVE_WARNING = 'Removing a Geo site stops the synchronization to and from that site. Are you sure?';

const HEALTH_BADGE = { Healthy: 'success', Unhealthy: 'danger', Offline: 'warning' } as const;

/** When the site's status was last checked (a secondary: its last report), relative, exact on hover. */
function LastChecked({ status }: { status: GeoSiteStatus | undefined }) {
  if (!status) return <>—</>;
  const seconds = status.last_successful_status_check_timestamp;
  if (seconds === null) return <>Never</>;
  const at = new Date(seconds * 1000).toISOString();
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {timeAgo(at)}
    </time>
  );
}

function lagText(status: GeoSiteStatus | undefined): string {
  if (!status || status.db_replication_lag_seconds === null) return 'Unknown';
  return `${status.db_replication_lag_seconds}s`;
}

/**
 * One site: its kind and health (Offline: a secondary whose status reports stopped), URL, replication
 * lag and state, when its status was last checked; Edit and Remove.
 */
export function GeoSiteCard({ site, status, editing }: { site: GeoSite; status?: GeoSiteStatus; editing: boolean }) {
  const [isEditing, setEditing] = useState(editing);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveGeoSite();
  const kind = site.primary ? 'primary' : 'secondary';
  return (
    <li className={styles.site} aria-label={site.name}>
      <div className={styles.siteHeader}>
        <h2 className={styles.siteName}>{site.name}</h2>
        {site.current && <Badge variant="info">Current site</Badge>}
        <Badge variant="muted">{site.primary ? 'Primary' : 'Secondary'}</Badge>
        {status && (
          <Badge variant={HEALTH_BADGE[status.health_status] ?? 'danger'} title={status.health}>
            {status.health_status}
          </Badge>
        )}
        <div className={styles.actions}>
          <Button size="small" onPress={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="small" variant="danger" onPress={() => setConfirming(true)}>
            Remove
          </Button>
        </div>
      </div>
      <dl className={styles.details}>
        <dt>URL</dt>
        <dd>
          <a href={site.url}>{site.url}</a>
        </dd>
        {!site.primary && (
          <>
            <dt>Replication lag</dt>
            <dd>{lagText(status)}</dd>
            <dt>Database replication</dt>
            <dd>{status?.replication_state ?? (site.enabled ? 'Not replicating' : 'Disabled')}</dd>
          </>
        )}
        <dt>Last checked</dt>
        <dd>
          <LastChecked status={status} />
        </dd>
      </dl>
      {status && !status.healthy && (
        <Alert variant={status.health_status === 'Offline' ? 'warning' : 'danger'}>{status.health}</Alert>
      )}
      {isEditing && <GeoSiteForm initial={site} onClose={() => setEditing(false)} />}
      <Modal isOpen={confirming} onOpenChange={setConfirming} title={`Remove ${kind} site`}>
        <p>{REMOVE_WARNING}</p>
        {remove.isError && <Alert variant="danger">{remove.error.message}</Alert>}
        <div className={styles.actions}>
          <Button onPress={() => setConfirming(false)}>Cancel</Button>
          <Button
            variant="danger"
            isDisabled={remove.isPending}
            onPress={() => remove.mutate(site.id, { onSuccess: () => setConfirming(false) })}
          >
            Remove site
          </Button>
        </div>
      </Modal>
    </li>
  );
}
