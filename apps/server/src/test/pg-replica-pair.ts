import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { asPostgresUser, handToPostgresUser } from './postgres-user';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL primary and a streaming-replication standby of it, each its own cluster on a free
 * loopback port, made with Debian's `initdb`, `pg_basebackup -R` and `pg_ctl` (as the `postgres`
 * user when run as root: PostgreSQL refuses root). The standby connects as `application_name`
 * `standbyName`, which is how the primary's `pg_stat_replication` names it.
 */
export interface ReplicaPair {
  primaryUrl: string;
  standbyUrl: string;
  stopStandby: () => Promise<void>;
  startStandby: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Runs a PostgreSQL program, as `postgres` when we are root. */
async function pgTool(tool: string, args: string[]): Promise<void> {
  const [file, argv] = asPostgresUser(join(BIN, tool), args);
  try {
    await run(file, argv, { timeout: 60_000 });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${tool} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

// Test clusters: no fsync, small memory; they hold a test's data for a minute.
const SETTINGS = [
  "listen_addresses='127.0.0.1'",
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'shared_buffers=16MB',
  'max_connections=60',
  'wal_level=replica',
  'max_wal_senders=4',
  'hot_standby=on',
  'wal_receiver_status_interval=1s',
  'hot_standby_feedback=on',
];

export async function startReplicaPair(standbyName: string): Promise<ReplicaPair> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-pg-pair-'));
  handToPostgresUser(dir);
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  const options = (port: number) => `-p ${port} -k ${dir} ${SETTINGS.map((s) => `-c ${s}`).join(' ')}`;
  const start = (data: string, port: number) =>
    pgTool('pg_ctl', ['-D', data, '-l', `${data}.log`, '-o', options(port), '-w', '-t', '60', 'start']);
  const stop = (data: string) => pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await pgTool('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  await start(primary, primaryPort);
  await pgTool('pg_basebackup', [
    '-d',
    `host=127.0.0.1 port=${primaryPort} user=postgres application_name=${standbyName}`,
    '-D',
    standby,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  await start(standby, standbyPort);
  let standbyRunning = true;
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/postgres`,
    stopStandby: async () => {
      await stop(standby);
      standbyRunning = false;
    },
    startStandby: async () => {
      await start(standby, standbyPort);
      standbyRunning = true;
    },
    stop: async () => {
      if (standbyRunning) await stop(standby).catch(() => undefined);
      await stop(primary).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
