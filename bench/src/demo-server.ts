import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { type RunningServer, startServer } from './server-process';

/** Every demo user's password when MERIDIAN_DEMO_PASSWORD is not set. */
export const DEMO_PASSWORD = 'meridian-demo';

/** A server on a fresh embedded database with the demo data; `stop` also deletes the database. */
export async function startDemoServer(port: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-demo-bench-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServer({ DATA_DIR: dataDir, MERIDIAN_SEED: 'demo' }, port);
    return { ...server, stop: () => server.stop().then(removeData) };
  } catch (error) {
    removeData();
    throw error;
  }
}

/**
 * A fresh embedded database directory with the demo data (a server started on it once, then
 * stopped), for a bench to add its own rows before starting the server again; `removeData` deletes it.
 */
export async function seedDemoDataDir(port: number): Promise<{ dataDir: string; removeData: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-demo-bench-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServer({ DATA_DIR: dataDir, MERIDIAN_SEED: 'demo' }, port);
    await server.stop();
    return { dataDir, removeData };
  } catch (error) {
    removeData();
    throw error;
  }
}

/**
 * The cookies of a signed-in demo user, for `browser.newContext({ storageState })`: every context
 * made from them starts with an empty HTTP cache.
 */
export async function demoUserState(browser: Browser, baseURL: string, login: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const res = await context.request.post('/users/sign_in', { data: { login, password: DEMO_PASSWORD } });
    if (!res.ok()) throw new Error(`sign-in as ${login} failed: ${res.status()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
