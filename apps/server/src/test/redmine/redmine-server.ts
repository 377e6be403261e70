import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RedmineSeed, seedRedmine } from './redmine-seed';

/**
 * A real Redmine for the tests (Debian's package): installed when missing (`scripts/ensure-redmine.sh`,
 * which CI's `npm run test:setup` runs once), started once per test run on a fixed port and seeded
 * through its REST API (`redmine-seed.ts`); every later test file, and the PostgreSQL run after the
 * PGlite one, finds it answering on that port with the same seed and uses it as it is (the importer
 * only reads). A start takes ~10 s, the seed ~5 s. Where the package cannot be installed or started
 * (not root, no Debian), the answer is a reason to skip, which the test prints.
 */

export interface RealRedmine {
  url: string;
  apiKey: string;
  seed: RedmineSeed;
}

const here = dirname(fileURLToPath(import.meta.url));
const REPO = join(here, '../../../../..');
const START = join(here, 'start-redmine.sh');
const PORT = Number(process.env.REDMINE_TEST_PORT ?? 3390);
const STATE = join(tmpdir(), `meridian-redmine-${PORT}.json`);
const LOCK = `${STATE}.lock`;
const LOG = join(tmpdir(), `meridian-redmine-${PORT}.log`);

/** The seed and the start script as they are now: a Redmine started by other ones is started again. */
const seedVersion = () =>
  createHash('sha256')
    .update(readFileSync(join(here, 'redmine-seed.ts')))
    .update(readFileSync(START))
    .digest('hex')
    .slice(0, 16);

interface State extends RealRedmine {
  version: string;
}

async function answering(state: State): Promise<boolean> {
  try {
    const response = await fetch(`${state.url}/users/current.json`, {
      headers: { 'X-Redmine-API-Key': state.apiKey },
      signal: AbortSignal.timeout(5000),
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

function readState(): State | undefined {
  try {
    const state = JSON.parse(readFileSync(STATE, 'utf8')) as State;
    return state.version === seedVersion() ? state : undefined;
  } catch {
    return undefined;
  }
}

/** One starter at a time across the test workers (a directory made atomically); a stale one (10 min) is taken over. */
async function withLock<T>(run: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await run();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

const tail = (text: string) => text.trim().split('\n').slice(-3).join(' / ');

export async function realRedmine(): Promise<RealRedmine | { skip: string }> {
  const ready = readState();
  if (ready && (await answering(ready))) return ready;
  return withLock(async () => {
    const again = readState();
    if (again && (await answering(again))) return again;
    if (!existsSync('/usr/share/redmine/config.ru')) {
      const install = spawnSync('bash', [join(REPO, 'scripts/ensure-redmine.sh')], {
        encoding: 'utf8',
        timeout: 15 * 60_000,
      });
      if (install.status !== 0) {
        return { skip: `Debian's redmine package could not be installed: ${tail(install.stderr || install.stdout)}` };
      }
    }
    const started = Date.now();
    const start = spawnSync('bash', [START, String(PORT), LOG], { encoding: 'utf8', timeout: 3 * 60_000 });
    if (start.status === 3) return { skip: `Redmine cannot be started here: ${tail(start.stderr)}` };
    if (start.status !== 0) throw new Error(`Redmine did not start: ${tail(start.stderr)} (log: ${LOG})`);
    const [, apiKey] = start.stdout.trim().split(' ');
    if (!apiKey) throw new Error(`Redmine's start printed no API key: ${start.stdout}`);
    const url = `http://127.0.0.1:${PORT}`;
    const seeded = Date.now();
    const seed = await seedRedmine(url, apiKey);
    const state: State = { url, apiKey, seed, version: seedVersion() };
    writeFileSync(STATE, JSON.stringify(state));
    console.log(`Redmine started in ${seeded - started} ms and seeded in ${Date.now() - seeded} ms (${url})`);
    return state;
  });
}
