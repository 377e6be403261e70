import type { PostgresPool } from 'kysely';
import pg from 'pg';
import { applyPlannerSettings } from '../planner-settings';
import { preparingPool } from '../prepared-statements';
import { bytesBehind, hasReplayed } from './lsn';

/** How often each process asks its replicas how far they have replayed (and the primary how far it is). */
export const CHECK_INTERVAL_MS = 1_000;
/** A replica further behind than this is left out, as GitLab's `max_replication_difference` (8 MB). */
export const MAX_LAG_BYTES = 8n * 1024n * 1024n;
/** A replica that takes longer to connect or answer is treated as down until the next check. */
const REPLICA_TIMEOUT_MS = 2_000;

/** One read replica: its pool, and what the last check or request learnt of it. */
export interface ReplicaHost {
  /** The URL without its password, for logs. */
  name: string;
  pool: PostgresPool;
  online: boolean;
  /** The last WAL position it was seen to have replayed. */
  replayedLsn: string | null;
}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * The read replicas of one process, checked every second: a replica is online while it answers,
 * is in recovery (a promoted standby is no replica of ours) and is within MAX_LAG_BYTES of the
 * primary. What it knows is a cache of PostgreSQL's answers; nothing here is state another process
 * needs (a reader's own writes are found through `load_balancing_stickiness`).
 */
export class ReplicaSet {
  readonly hosts: ReplicaHost[];
  private readonly raw = new Map<ReplicaHost, pg.Pool>();
  private timer: NodeJS.Timeout | undefined;
  private turn = 0;

  constructor(
    urls: string[],
    private readonly primary: pg.Pool,
    options: { poolSize: number; preparedStatements: boolean },
    private readonly log: (line: string) => void = console.error,
  ) {
    this.hosts = urls.map((url) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: options.poolSize,
        options: '-c jit=off',
        connectionTimeoutMillis: REPLICA_TIMEOUT_MS,
        query_timeout: 30_000,
      });
      pool.on('error', (error) => this.log(`PostgreSQL replica idle connection error: ${error.message}`));
      applyPlannerSettings(pool);
      const host: ReplicaHost = {
        name: redacted(url),
        pool: preparingPool(pool, { enabled: options.preparedStatements }),
        online: false,
        replayedLsn: null,
      };
      this.raw.set(host, pool);
      return host;
    });
  }

  /** Checks the replicas now, then every CHECK_INTERVAL_MS until `close`. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async check(): Promise<void> {
    let primaryLsn: string;
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
      primaryLsn = rows[0]?.lsn ?? '0/0';
    } catch {
      return; // the primary's own trouble shows elsewhere; the replicas keep their last state
    }
    await Promise.all(this.hosts.map((host) => this.checkHost(host, primaryLsn)));
  }

  private async checkHost(host: ReplicaHost, primaryLsn: string): Promise<void> {
    const replayed = await this.replayedBy(host);
    const online = replayed !== null && bytesBehind(primaryLsn, replayed) <= MAX_LAG_BYTES;
    if (online !== host.online) this.log(`Read replica ${host.name} is ${online ? 'online' : 'offline'}.`);
    host.online = online;
  }

  /** How far the replica has replayed; null when it is unreachable or not a standby. */
  private async replayedBy(host: ReplicaHost): Promise<string | null> {
    try {
      const { rows } = await (this.raw.get(host) as pg.Pool).query<{ lsn: string | null }>(
        'SELECT pg_last_wal_replay_lsn()::text AS lsn',
      );
      host.replayedLsn = rows[0]?.lsn ?? null;
    } catch {
      host.replayedLsn = null;
    }
    return host.replayedLsn;
  }

  /**
   * A replica that holds everything up to `writtenLsn` (the reader's last write; null: any online
   * replica), taking turns between them; null sends the read to the primary. When no replica is
   * known to be that far, the next in turn is asked once more: it may have caught up since the check.
   */
  async hostFor(writtenLsn: string | null): Promise<ReplicaHost | null> {
    const online = this.hosts.filter((h) => h.online);
    if (online.length === 0) return null;
    this.turn = (this.turn + 1) % online.length;
    const inTurn = [...online.slice(this.turn), ...online.slice(0, this.turn)];
    const holds = (h: ReplicaHost) =>
      writtenLsn === null || (h.replayedLsn !== null && hasReplayed(h.replayedLsn, writtenLsn));
    const ready = inTurn.find(holds);
    if (ready || writtenLsn === null) return ready ?? null;
    const next = inTurn[0] as ReplicaHost;
    await this.replayedBy(next);
    return holds(next) ? next : null;
  }

  /** A statement on `host` failed as only a lost server fails: leave it out until a check finds it again. */
  markOffline(host: ReplicaHost, error: unknown): void {
    if (host.online) this.log(`Read replica ${host.name} is offline: ${(error as Error).message}`);
    host.online = false;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.raw.values()].map((pool) => pool.end().catch(() => undefined)));
  }
}
