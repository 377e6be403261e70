import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';
import { asPostgresUser, handToPostgresUser } from './postgres-user';

/** A PgBouncer (Debian's package, installed by `npm run test:setup`) in front of a PostgreSQL server. */
export interface PgBouncer {
  /** `serverUrl` with PgBouncer's host and port, for database `name`. */
  urlFor: (name: string) => string;
  /** Transactions PgBouncer has carried to database `name` (its admin console's SHOW STATS). */
  transactions: (name: string) => Promise<number>;
  stop: () => Promise<void>;
}

const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * Starts PgBouncer in transaction mode on a free loopback port, forwarding every database to the
 * PostgreSQL server of `serverUrl` (trust authentication, as this machine's PostgreSQL for tests).
 * PgBouncer refuses to run as root: under root it runs as the `postgres` user.
 */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'meridian-pgbouncer-'));
  writeFileSync(join(dir, 'users.txt'), `"${server.username}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=${server.hostname} port=${server.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
admin_users = ${server.username}
pool_mode = transaction
max_client_conn = 200
default_pool_size = 8
ignore_startup_parameters = extra_float_digits,options
pidfile = ${join(dir, 'pgbouncer.pid')}
`,
  );
  handToPostgresUser(dir);
  chmodSync(dir, 0o755);
  const args = [join(dir, 'pgbouncer.ini')];
  const [program, argv] = asPostgresUser(PGBOUNCER, args);
  const child: ChildProcess = spawn(program, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const urlFor = (name: string) => `postgres://${server.username}@127.0.0.1:${port}/${name}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited ${child.exitCode}:\n${output}`);
    const client = new pg.Client({ connectionString: urlFor('pgbouncer') });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      if (waited > 10_000) throw new Error(`pgbouncer did not start: ${(error as Error).message}\n${output}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return {
    urlFor,
    transactions: async (name) => {
      const client = new pg.Client({ connectionString: urlFor('pgbouncer') });
      await client.connect();
      try {
        const { rows } = await client.query<{ database: string; total_xact_count: string }>('SHOW STATS');
        return Number(rows.find((r) => r.database === name)?.total_xact_count ?? 0);
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      // Signalled by its pid file: under root, `child` is runuser, not PgBouncer.
      const pidFile = join(dir, 'pgbouncer.pid');
      if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
