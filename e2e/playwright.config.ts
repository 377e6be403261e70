import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/server/src/test/chromium';

const port = Number(process.env.E2E_PORT ?? 3300);
/** The OpenAI-compatible stand-in the server's AI features call (`ai-stand-in.ts`), beside the server's port. */
const aiPort = Number(process.env.E2E_AI_PORT ?? port + 1000);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
/** Each shard of `run-shards.ts` has its own results folder (Playwright empties it at the start). */
const resultsDir = process.env.E2E_RESULTS ?? 'test-results';

/** Drives Debian's Chromium against a real server started on a fresh embedded database with demo data. */
export default defineConfig({
  testDir: './tests',
  outputDir: `./${resultsDir}`,
  // CI runs both shards, lint and typecheck at once on two cores: multi-step tests of 8–10 s on a quiet
  // machine took 25–30 s there (2026-12-01). Each step still waits at most `expect.timeout`.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  projects: [
    { name: 'sign-in', testMatch: /auth\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['sign-in'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: 'npx tsx ai-stand-in.ts',
      url: `http://127.0.0.1:${aiPort}/v1/models`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { AI_STAND_IN_PORT: String(aiPort) },
    },
    {
      command: 'node ../apps/server/bin/meridian.js start',
      url: `http://127.0.0.1:${port}/-/readiness`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MERIDIAN_SEED: 'demo',
        MERIDIAN_ROOT_PASSWORD: 'e2e-root-password',
        MERIDIAN_DEMO_PASSWORD: 'meridian-demo',
        LOG_LEVEL: 'warn',
        // The issue email address ('Copy issue email address') shows only when incoming email is configured.
        INCOMING_EMAIL_ADDRESS: 'incoming+%{key}@meridian.test',
        // The AI features (issue 29) answer from the local stand-in started above.
        AI_BASE_URL: `http://127.0.0.1:${aiPort}/v1`,
        AI_MODEL: 'stand-in-model',
      },
    },
  ],
});
