import { apiGet, apiPath, request } from '../../lib/api';

/** GitLab's `GeoNode` entity, the fields the sites page shows and edits. */
export interface GeoSite {
  id: number;
  name: string;
  url: string;
  internal_url: string;
  primary: boolean;
  enabled: boolean;
  current: boolean;
}

/** GitLab's `GeoNodeStatus` entity, the fields Meridian measures. */
export interface GeoSiteStatus {
  geo_node_id: number;
  healthy: boolean;
  health: string;
  /** 'Offline': a secondary whose status reports stopped (over 10 minutes old) or never came. */
  health_status: 'Healthy' | 'Unhealthy' | 'Offline';
  db_replication_lag_seconds: number | null;
  replication_state: string | null;
  /** Unix seconds: the primary's own check, or when a secondary's last report arrived; null: never. */
  last_successful_status_check_timestamp: number | null;
  updated_at: string;
}

export interface GeoSiteInput {
  name: string;
  url: string;
  internal_url: string | null;
  primary: boolean;
  enabled: boolean;
}

export const listGeoSites = (signal?: AbortSignal) => apiGet<GeoSite[]>(apiPath('/geo_nodes'), signal);

export const listGeoSiteStatuses = (signal?: AbortSignal) =>
  apiGet<GeoSiteStatus[]>(apiPath('/geo_nodes/status'), signal);

export async function saveGeoSite(id: number | null, input: GeoSiteInput): Promise<GeoSite> {
  const path = apiPath(id === null ? '/geo_nodes' : `/geo_nodes/${id}`);
  return (await request<GeoSite>(path, { method: id === null ? 'POST' : 'PUT', body: input })).data;
}

export async function removeGeoSite(id: number): Promise<void> {
  await request(apiPath(`/geo_nodes/${id}`), { method: 'DELETE' });
}
