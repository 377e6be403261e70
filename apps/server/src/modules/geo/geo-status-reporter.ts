import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { primarySite } from './geo-sites.service';
import { HEALTHY, NOT_REPLICATING } from './geo-status.service';
import type { GeoStatusReport } from './geo-status-params';
import { GEO_SIGNATURE_HEADER, geoSignatureHeader } from './geo-status-signature';

/** How long one report may take (reading the standby and the POST) before it counts as failed. */
const REPORT_TIMEOUT_MS = 10_000;

export interface GeoStatusReporterOptions {
  db: Database;
  /** This process's external URL without a trailing slash: which Geo site it is (the row with that url). */
  externalUrl: string;
  intervalSeconds: number;
  version: { version: string; revision: string };
  log: (line: string) => void;
}

interface Standby {
  receive_lsn: string | null;
  replay_lsn: string | null;
  replayed_at: Date | null;
  lag_seconds: string | null;
  receiver_status: string | null;
}

/**
 * What the standby says of itself: where it has received and replayed the primary's WAL to, the
 * commit time of the last transaction it replayed, its lag (none while it has replayed all it
 * received, as GitLab's Gitlab::Geo::HealthCheck counts it) and its WAL receiver's state.
 */
export async function measureStandby(db: Database): Promise<Omit<GeoStatusReport, 'version' | 'revision'>> {
  const { rows } = await sql<Standby>`
    SELECT pg_last_wal_receive_lsn()::text AS receive_lsn,
           pg_last_wal_replay_lsn()::text AS replay_lsn,
           pg_last_xact_replay_timestamp() AS replayed_at,
           CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN '0'
                ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::text END AS lag_seconds,
           (SELECT status FROM pg_stat_wal_receiver LIMIT 1) AS receiver_status`.execute(db);
  const standby = rows[0];
  const lag = standby?.lag_seconds == null ? null : Math.max(0, Math.round(Number(standby.lag_seconds)));
  const status = standby?.receiver_status ?? null;
  return {
    db_replication_lag_seconds: lag,
    wal_receive_lsn: standby?.receive_lsn ?? null,
    wal_replay_lsn: standby?.replay_lsn ?? null,
    last_event_timestamp: standby?.replayed_at ? Math.floor(standby.replayed_at.getTime() / 1000) : null,
    wal_receiver_status: status,
    status_message: status === 'streaming' ? HEALTHY : NOT_REPLICATING,
    reported_at: Math.floor(Date.now() / 1000),
  };
}

/** Which site this process is, and where its primary answers, from the replicated Geo sites. */
async function sitesOf(db: Database, externalUrl: string) {
  const [self, primary] = await Promise.all([
    db
      .selectFrom('geo_nodes')
      .select(['id', 'status_signing_secret'])
      .where('primary', '=', false)
      .where('url', '=', `${externalUrl}/`)
      .executeTakeFirst(),
    primarySite(db),
  ]);
  return { self, primaryUrl: primary?.internalUrl ?? null };
}

/** One report: measure, sign, POST to the primary. Throws with the reason when it was not stored. */
export async function reportGeoStatus(options: Omit<GeoStatusReporterOptions, 'intervalSeconds' | 'log'>) {
  const { self, primaryUrl } = await sitesOf(options.db, options.externalUrl);
  if (!self) throw new Error(`no secondary Geo site has this process's URL, ${options.externalUrl}/`);
  if (!primaryUrl) throw new Error('no Geo site is marked primary');
  const report: GeoStatusReport = {
    ...(await measureStandby(options.db)),
    version: options.version.version,
    revision: options.version.revision,
  };
  const body = JSON.stringify(report);
  const target = new URL('api/v4/geo/status', primaryUrl.endsWith('/') ? primaryUrl : `${primaryUrl}/`);
  const signature = geoSignatureHeader(self.id, self.status_signing_secret, Math.floor(Date.now() / 1000), body);
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [GEO_SIGNATURE_HEADER]: signature },
    body,
    signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`${target} answered ${response.status} ${text}`.trim());
  }
}

/**
 * A Geo secondary's status reporter (GitLab's Geo::MetricsUpdateWorker): reports at once, then every
 * `intervalSeconds`, one report at a time. A failed report is logged once per streak of failures
 * (and the recovery once); it never throws. The timer does not keep the process alive; `stop` ends it.
 */
export function startGeoStatusReporter(options: GeoStatusReporterOptions): { stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let failing = false;
  const tick = async () => {
    try {
      // The whole report is bounded, not only its POST: a read on a connection the standby's restart
      // left dead can wait forever, and it would hold the one report at a time, so none would follow.
      await Promise.race([
        reportGeoStatus(options),
        new Promise<never>((_, reject) => {
          setTimeout(
            () => reject(new Error(`the report took over ${REPORT_TIMEOUT_MS / 1000} s`)),
            REPORT_TIMEOUT_MS,
          ).unref();
        }),
      ]);
      if (failing) options.log('Geo status report: the primary site has the status of this site again.');
      failing = false;
    } catch (error) {
      if (!failing) {
        const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
        const reason = error instanceof Error ? `${error.message}${cause}` : String(error);
        options.log(`Geo status report failed (logged once until a report succeeds): ${reason}`);
      }
      failing = true;
    }
    if (stopped) return;
    timer = setTimeout(() => void tick(), options.intervalSeconds * 1000);
    timer.unref();
  };
  timer = setTimeout(() => void tick(), 0);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
