import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

/**
 * graphql@16 ships CommonJS (main) and ESM (module): Node loads the CommonJS one for Mercurius and
 * Pothos, Vite would give our sources the ESM one — two realms, and `validate(schema)` on the schema
 * Pothos built throws. The server's sources get the same CommonJS file Node loads.
 */
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          alias: [{ find: /^graphql$/, replacement: graphqlMain }],
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
    ],
  },
});
