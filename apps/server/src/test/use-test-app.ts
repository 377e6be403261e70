import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { pgActivityReport } from './pg-activity-report';

/** The file's test app, read through at call time, and what `seed` made of it. */
export interface TestAppHandle<W> extends TestApp {
  readonly world: W;
}

/**
 * One test app for the whole test file: registers a `beforeAll` that builds it (with `env`) and runs
 * `seed` on it, and an `afterAll` that closes it. The handle's fields read the app at call time, so
 * it may be declared at the top of the file and used from hooks and tests registered after it.
 */
export function useTestApp<W = undefined>(
  seed?: (app: TestApp) => Promise<W>,
  options: { env?: Record<string, string>; timeout?: number } = {},
): TestAppHandle<W> {
  let built: TestApp | undefined;
  let world: W | undefined;
  const current = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll');
    return built;
  };
  beforeAll(async () => {
    built = await createTestApp(options.env);
    world = await seed?.(built);
  }, options.timeout);
  afterAll(async () => {
    await built?.close();
  });
  afterEach(async ({ task }) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url || task.result?.state !== 'fail') return;
    console.log(`[${task.name}] failed on PostgreSQL; its sessions:\n${await pgActivityReport(url)}`);
  });
  return {
    get app() {
      return current().app;
    },
    get ctx() {
      return current().ctx;
    },
    get db() {
      return current().db;
    },
    get database() {
      return current().database;
    },
    get world() {
      current();
      return world as W;
    },
    close: () => current().close(),
  };
}
