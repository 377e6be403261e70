import { chownSync, readFileSync } from 'node:fs';

/** Whether this process runs as root, which PostgreSQL's programs and PgBouncer refuse to run as. */
const runsAsRoot = () => process.getuid?.() === 0;

/** The `postgres` user's ids, from /etc/passwd (Debian's PostgreSQL package creates it). */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = (line ?? '').split(':');
  if (!uid || !gid) throw new Error('Running as root, and there is no postgres user to run PostgreSQL programs as.');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Gives `dir` to the `postgres` user when we are root, so the programs run as it can write there. */
export function handToPostgresUser(dir: string): void {
  if (!runsAsRoot()) return;
  const { uid, gid } = postgresUser();
  chownSync(dir, uid, gid);
}

/** `program args…` as a command line: under root, run as `postgres` through runuser. */
export function asPostgresUser(program: string, args: string[]): [string, string[]] {
  return runsAsRoot() ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}
