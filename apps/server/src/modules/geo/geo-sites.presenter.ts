import type { GeoSiteRow } from './geo-sites.service';
import type { GeoSiteStatus } from './geo-status.service';

/** Where links point: this instance's external URL, without a trailing slash. */
interface Links {
  externalUrl: string;
}

/**
 * GitLab's `GeoNode` entity (GET /geo_nodes/:id). `current`: the site this instance serves, the one
 * whose URL (stored with its trailing slash) is this instance's external URL.
 */
export function presentGeoSite(row: GeoSiteRow, links: Links) {
  const api = `${links.externalUrl}/api/v4/geo_nodes/${row.id}`;
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    internal_url: row.internal_url ?? row.url,
    primary: row.primary,
    enabled: row.enabled,
    current: row.url === `${links.externalUrl}/`,
    files_max_capacity: row.files_max_capacity,
    repos_max_capacity: row.repos_max_capacity,
    verification_max_capacity: row.verification_max_capacity,
    container_repositories_max_capacity: row.container_repositories_max_capacity,
    selective_sync_type: row.selective_sync_type,
    selective_sync_shards: row.selective_sync_shards,
    selective_sync_namespace_ids: row.selective_sync_namespace_ids,
    minimum_reverification_interval: row.minimum_reverification_interval,
    sync_object_storage: row.sync_object_storage,
    web_edit_url: `${links.externalUrl}/admin/geo/sites/${row.id}/edit`,
    web_geo_replication_details_url: `${links.externalUrl}/admin/geo/sites/${row.id}/replication`,
    _links: { self: api, status: `${api}/status`, repair: `${api}/repair` },
  };
}

/** Unix seconds, as GitLab's `*_timestamp` status fields; null when there is no time. */
const unixSeconds = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);

/**
 * GitLab's `GeoNodeStatus` entity: the fields Meridian measures (its database's replication, and
 * for a secondary what its last report said).
 */
export function presentGeoSiteStatus(status: GeoSiteStatus, links: Links) {
  const api = `${links.externalUrl}/api/v4/geo_nodes/${status.siteId}`;
  return {
    geo_node_id: status.siteId,
    healthy: status.healthy,
    health: status.health,
    health_status: status.healthStatus,
    status_message: status.statusMessage,
    missing_oauth_application: false,
    db_replication_lag_seconds: status.replicationLagSeconds,
    replication_state: status.replicationState,
    replication_slots_count: status.replicationSlotsCount,
    replication_slots_used_count: status.replicationSlotsUsedCount,
    replication_slots_used_in_percentage:
      status.replicationSlotsCount === 0
        ? '0.00%'
        : `${((100 * status.replicationSlotsUsedCount) / status.replicationSlotsCount).toFixed(2)}%`,
    last_successful_status_check_timestamp: unixSeconds(status.lastSuccessfulCheckAt),
    last_event_timestamp: unixSeconds(status.lastEventAt),
    version: status.version?.version ?? null,
    revision: status.version?.revision ?? null,
    storage_shards_match: true,
    updated_at: status.checkedAt.toISOString(),
    _links: { self: `${api}/status`, node: api },
  };
}
