import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser } from '../test/factories';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * python-gitlab (Debian's python3-gitlab 3.12, unmodified, run by /usr/bin/python3) drives a started
 * Meridian through the flows a team scripts: the unittest modules in `python-gitlab/`. Warnings are
 * errors, so a `web_url` that disagrees with the server's address or a list cut at one page fails.
 * `npm run test:setup` installs the package.
 */
const PYTHON = '/usr/bin/python3';
const suiteDir = join(dirname(fileURLToPath(import.meta.url)), 'python-gitlab');

let s: StartedServer;
let env: Record<string, string>;

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: suiteDir, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  s = await startTestServer();
  const scripter = await createUser(s.db, { username: 'py-scripter' });
  const colleague = await createUser(s.db, { username: 'py-colleague' });
  env = {
    MERIDIAN_URL: s.url,
    MERIDIAN_USERNAME: scripter.username,
    MERIDIAN_TOKEN: await createToken(s.db, scripter.id),
    MERIDIAN_COLLEAGUE_TOKEN: await createToken(s.db, colleague.id),
    PYTHONDONTWRITEBYTECODE: '1',
  };
});

afterAll(async () => {
  await s?.close();
});

describe('python-gitlab', () => {
  it('is installed (npm run test:setup installs python3-gitlab)', async () => {
    expect(existsSync(PYTHON)).toBe(true);
    const { code, output } = await run(PYTHON, ['-c', 'import gitlab; print(gitlab.__version__)']);
    expect(output.trim()).toMatch(/^3\.\d+\.\d+$/);
    expect(code).toBe(0);
  });

  it('runs every scripted flow green against Meridian', async () => {
    const { code, output } = await run(PYTHON, [
      '-W',
      'error::UserWarning',
      '-W',
      'error::DeprecationWarning',
      '-m',
      'unittest',
      'discover',
      '-v',
      '-s',
      '.',
    ]);
    // The whole unittest report is the failure message, so CI shows which flow broke and why.
    expect(code, output).toBe(0);
    expect(output).toMatch(/\nOK\n?$/);
  }, 120_000);
});
