import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { GeoSiteRow } from './geo-sites.service';

/** GitLab's health texts (GeoNodeStatus#health). */
export const HEALTHY = 'Healthy';
export const NOT_REPLICATING = 'Geo node does not appear to be replicating the database from the primary node.';
export const DISABLED = 'Geo node is disabled.';
/** GitLab's GeoNodeStatus::EXPIRATION_IN_MINUTES: a secondary's report older than this is out of date. */
export const STATUS_EXPIRATION_MINUTES = 10;
export const OUTDATED = `Status has not been updated in the past ${STATUS_EXPIRATION_MINUTES} minutes`;

/** GitLab's health_status values; 'Offline' for a secondary whose reports stopped (or never came). */
export type HealthStatus = 'Healthy' | 'Unhealthy' | 'Offline';

export interface GeoSiteStatus {
  siteId: number;
  healthy: boolean;
  health: string;
  healthStatus: HealthStatus;
  /** Seconds the standby's replay is behind the primary; null for the primary or when unknown. */
  replicationLagSeconds: number | null;
  /** The standby's replication state in the primary's pg_stat_replication ('streaming', 'catchup'…). */
  replicationState: string | null;
  replicationSlotsCount: number;
  replicationSlotsUsedCount: number;
  /** When this status was read: statuses are read from the primary's database on every request. */
  checkedAt: Date;
  /**
   * The primary: `checkedAt`. A secondary: when the primary stored its last report; null when it
   * never reported.
   */
  lastSuccessfulCheckAt: Date | null;
  /** A secondary: the commit time of the last transaction its standby replayed, as it last reported. */
  lastEventAt: Date | null;
  /** The site's own summary of its health: the primary's is 'Healthy'; a secondary's is its report's. */
  statusMessage: string | null;
  /** The version and revision the site runs: the primary's own; a secondary's from its report. */
  version: { version: string; revision: string } | null;
}

export interface StandbyRow {
  name: string;
  state: string;
  lag_seconds: string | null;
  /** When the standby last told the primary where it is: the time the live lag was measured. */
  reply_time: Date | null;
}

export interface ReportRow {
  geo_node_id: number;
  db_replication_lag_seconds: number | null;
  last_event_date: Date | null;
  status_message: string | null;
  version: string | null;
  revision: string | null;
  last_successful_status_check_at: Date;
}

const EXPIRATION_MS = STATUS_EXPIRATION_MINUTES * 60 * 1000;

/** Whether a secondary's last report is recent enough to count (GitLab's `outdated?`, negated). */
export function isFresh(report: Pick<ReportRow, 'last_successful_status_check_at'> | undefined, now: Date): boolean {
  return report !== undefined && now.getTime() - report.last_successful_status_check_at.getTime() <= EXPIRATION_MS;
}

/**
 * The lag to show: the live figure (the standby's `replay_lag` in pg_stat_replication), unless the
 * secondary's fresh report was taken after the standby last told the primary where it is. No
 * standby streaming to the primary: unknown, whatever an earlier report said.
 */
export function lagSeconds(
  standby: StandbyRow | undefined,
  report: ReportRow | undefined,
  fresh: boolean,
): number | null {
  if (!standby) return null;
  const live = standby.lag_seconds == null ? null : Math.round(Number(standby.lag_seconds));
  if (!report || !fresh || report.db_replication_lag_seconds === null) return live;
  const reportIsNewer =
    live === null || !standby.reply_time || report.last_successful_status_check_at > standby.reply_time;
  return reportIsNewer ? report.db_replication_lag_seconds : live;
}

/**
 * Each site's status, read from the primary's own database at the time of asking: a secondary is
 * healthy while its standby (the `pg_stat_replication` row whose application_name is the site's
 * name) streams and its own last status report (geo_node_statuses, posted by the secondary on a
 * schedule) is under 10 minutes old and healthy. A stopped standby leaves no row: unhealthy. A
 * streaming standby whose site stopped reporting (or never did) is 'Offline'. The lag is the
 * standby's `replay_lag`, or the report's figure when that was measured later.
 */
export async function geoSiteStatuses(db: Database, sites: GeoSiteRow[], version: GeoSiteStatus['version']) {
  const secondaryIds = sites.filter((s) => !s.primary).map((s) => s.id);
  const [standbys, slots, reports] = await Promise.all([
    sql<StandbyRow>`
      SELECT application_name AS name, state, reply_time,
             extract(epoch FROM coalesce(replay_lag, interval '0'))::text AS lag_seconds
      FROM pg_stat_replication`.execute(db),
    sql<{ total: number; active: number }>`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE active)::int AS active FROM pg_replication_slots`.execute(
      db,
    ),
    secondaryIds.length === 0
      ? Promise.resolve([] as ReportRow[])
      : db
          .selectFrom('geo_node_statuses')
          .select([
            'geo_node_id',
            'db_replication_lag_seconds',
            'last_event_date',
            'status_message',
            'version',
            'revision',
            'last_successful_status_check_at',
          ])
          .where('geo_node_id', 'in', secondaryIds)
          .execute(),
  ]);
  const byName = new Map(standbys.rows.map((r) => [r.name.toLowerCase(), r]));
  const reportOf = new Map(reports.map((r) => [r.geo_node_id, r]));
  const checkedAt = new Date();
  const slotCounts = {
    replicationSlotsCount: slots.rows[0]?.total ?? 0,
    replicationSlotsUsedCount: slots.rows[0]?.active ?? 0,
  };
  return sites.map((site): GeoSiteStatus => {
    if (site.primary) {
      return {
        siteId: site.id,
        healthy: true,
        health: HEALTHY,
        healthStatus: 'Healthy',
        replicationLagSeconds: null,
        replicationState: null,
        ...slotCounts,
        checkedAt,
        lastSuccessfulCheckAt: checkedAt,
        lastEventAt: null,
        statusMessage: HEALTHY,
        version,
      };
    }
    const standby = byName.get(site.name.toLowerCase());
    const report = reportOf.get(site.id);
    const fresh = isFresh(report, checkedAt);
    const health = secondaryHealth(site, standby, report, fresh);
    return {
      siteId: site.id,
      healthy: health === HEALTHY,
      health,
      healthStatus: health === HEALTHY ? 'Healthy' : health === OUTDATED ? 'Offline' : 'Unhealthy',
      replicationLagSeconds: lagSeconds(standby, report, fresh),
      replicationState: standby?.state ?? null,
      ...slotCounts,
      checkedAt,
      lastSuccessfulCheckAt: report?.last_successful_status_check_at ?? null,
      lastEventAt: report?.last_event_date ?? null,
      statusMessage: report?.status_message ?? null,
      version: report?.version ? { version: report.version, revision: report.revision ?? 'unknown' } : null,
    };
  });
}

/** The first thing wrong with a secondary, in GitLab's words, or 'Healthy'. */
export function secondaryHealth(
  site: Pick<GeoSiteRow, 'enabled'>,
  standby: Pick<StandbyRow, 'state'> | undefined,
  report: Pick<ReportRow, 'status_message'> | undefined,
  fresh: boolean,
): string {
  if (!site.enabled) return DISABLED;
  if (standby?.state !== 'streaming') return NOT_REPLICATING;
  if (!report || !fresh) return OUTDATED;
  if (report.status_message && report.status_message !== HEALTHY) return report.status_message;
  return HEALTHY;
}
