import { useState } from 'react';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';
import { AdminPage } from '../admin/AdminPage';
import { GeoSiteCard } from './GeoSiteCard';
import { GeoSiteForm } from './GeoSiteForm';
import styles from './GeoSites.module.css';
import { useGeoSiteStatuses, useGeoSites } from './queries';

/**
 * `/admin/geo/sites` (and `/admin/geo/sites/:id/edit`, the `web_edit_url` of GitLab's API): the
 * primary site and its secondaries with their health and replication lag, read from the primary's
 * database and refreshed while the page is open; Add site, Edit, Remove. Administrators only: anyone
 * else gets the not-found page.
 */
export function GeoSitesPage({ editId }: { editId?: number }) {
  const { user: me, isLoading } = useSession();
  const isAdmin = me?.is_admin === true;
  const sites = useGeoSites(isAdmin);
  const statuses = useGeoSiteStatuses(isAdmin);
  const [adding, setAdding] = useState(false);

  if (isLoading) return <PageSpinner label="Loading" />;
  const refused = sites.error instanceof ApiError && [401, 403, 404].includes(sites.error.status);
  if (!isAdmin || refused) return <NotFoundPage />;

  return (
    <AdminPage title="Geo sites" heading="Geo sites">
      <p className={styles.help}>
        Each secondary site is Meridian serving a streaming-replication standby of this database. Health and lag come
        from this database's replication status and the status each secondary reports; a secondary that has not reported
        for 10 minutes is offline.
      </p>
      {adding ? (
        <GeoSiteForm initial={null} onClose={() => setAdding(false)} />
      ) : (
        <div>
          <Button variant="confirm" onPress={() => setAdding(true)}>
            Add site
          </Button>
        </div>
      )}
      {sites.isPending && <PageSpinner label="Loading Geo sites" />}
      {sites.error && !refused && <Alert variant="danger">{sites.error.message}</Alert>}
      {sites.data?.length === 0 && (
        <p className={styles.empty}>
          No Geo sites. Add the primary site, then a secondary for each standby of its database.
        </p>
      )}
      {sites.data && sites.data.length > 0 && (
        <ul className={styles.sites} aria-label="Geo sites">
          {sites.data.map((site) => (
            <GeoSiteCard
              key={site.id}
              site={site}
              status={statuses.data?.find((s) => s.geo_node_id === site.id)}
              editing={site.id === editId}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
