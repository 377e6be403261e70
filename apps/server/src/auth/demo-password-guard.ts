import { isIP } from 'node:net';
import { sql } from 'kysely';
import { CliError } from '../cli/cli-error';
import { DEFAULT_DEMO_PASSWORD } from '../config';
import type { Database } from '../db/connection';
import { DEMO_USERNAMES } from '../seed/demo-usernames';
import { verifyPassword } from './password';

export { DEMO_USERNAMES };

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`: addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || h.startsWith('::ffff:127.');
  return false;
}

/** The server would be reachable from other machines with demo accounts anyone can sign in to. */
export class KnownDemoPasswordError extends CliError {
  constructor(host: string, problem: string, fixes: string[]) {
    super(
      `Refusing to start: HOST=${host} is not a loopback address and ${problem} ` +
        `(the published default "${DEFAULT_DEMO_PASSWORD}"), so anyone who can reach this server could sign in as them.\n` +
        `To fix it, either:\n${fixes.map((f) => `  - ${f}`).join('\n')}`,
    );
    this.name = 'KnownDemoPasswordError';
  }
}

const LOOPBACK_FIX = 'listen on this machine only: HOST=127.0.0.1 (the default)';

/** Demo accounts that are active and still accept the default password: one scrypt verify each. */
async function demoAccountsWithDefaultPassword(db: Database): Promise<string[]> {
  const table = await sql<{ name: string | null }>`SELECT to_regclass('users')::text AS name`.execute(db);
  if (!table.rows[0]?.name) return [];
  const users = await db
    .selectFrom('users')
    .select(['username', 'password_hash'])
    .where(sql<string>`lower(username)`, 'in', [...DEMO_USERNAMES])
    .where('state', '=', 'active')
    .orderBy('id')
    .execute();
  const open: string[] = [];
  for (const user of users) {
    if (await verifyPassword(DEFAULT_DEMO_PASSWORD, user.password_hash)) open.push(user.username);
  }
  return open;
}

/**
 * Refuses a start that listens beyond loopback while demo accounts would be seeded with, or still
 * accept, the default demo password. On loopback (the one-command try-out) nothing is checked.
 */
export async function refuseKnownDemoPassword(
  db: Database,
  options: { host: string; demoPassword: string; seedWouldRun: boolean },
): Promise<void> {
  if (isLoopbackHost(options.host)) return;
  if (options.seedWouldRun && options.demoPassword === DEFAULT_DEMO_PASSWORD) {
    throw new KnownDemoPasswordError(options.host, 'demo data would be seeded with the default demo password', [
      'set MERIDIAN_DEMO_PASSWORD to a password of your own (used for every demo user),',
      'or set MERIDIAN_SEED=none to start without demo data,',
      `or ${LOOPBACK_FIX}.`,
    ]);
  }
  const open = await demoAccountsWithDefaultPassword(db);
  if (open.length > 0) {
    throw new KnownDemoPasswordError(
      options.host,
      `the demo account(s) ${open.join(', ')} still accept the default demo password`,
      [
        'change these accounts’ passwords, or block them,',
        'or start again on an empty database with MERIDIAN_DEMO_PASSWORD set, or with MERIDIAN_SEED=none,',
        `or ${LOOPBACK_FIX}.`,
      ],
    );
  }
}
