import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './apps/server/src/test/heavy-first-sequencer';

/**
 * graphql@16 ships CommonJS (main) and ESM (module): Node loads the CommonJS one for Mercurius and
 * Pothos, Vite would give our sources the ESM one — two realms, and `validate(schema)` on the schema
 * Pothos built throws. The server's sources get the same CommonJS file Node loads.
 */
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

/**
 * Server suites whose subject does not depend on the database: they run on PGlite only, not again
 * in `npm run test:pg`. Both back ends are PostgreSQL behind the same SQL; these suites store and
 * read plain text through routes whose SQL the module suites already run on both.
 * - clients: python-gitlab and @gitbeaker/rest against the HTTP API — the wire shapes GitLab
 *   clients parse (headers, pagination links, error bodies), built in Node from the same rows.
 * - xss: payloads round-trip through text columns; what it checks is the Markdown renderer's and
 *   the JSON's escaping (Node) and what Chromium makes of the HTML.
 */
const DATABASE_INDEPENDENT = [
  'apps/server/src/clients/*.clients.test.ts',
  'apps/server/src/security/xss.attack.test.ts',
];

/**
 * Server suites that run on PostgreSQL only (`npm run test:pg`, which CI runs), not on PGlite too.
 * - the authorization matrix: ~12,000 requests whose cost is almost all SQL; on PGlite that SQL runs
 *   in the test's own thread (60 % of a profiled run was PGlite), on PostgreSQL on the other core.
 *   What it checks is which answer each principal gets; the SQL scopes behind those answers run on
 *   both databases in the policy and module suites (`sql-scopes-*.test.ts`).
 */
const POSTGRESQL_ONLY = ['apps/server/src/security/authz-matrix/*.test.ts'];

/** Suites that start several server processes on one PostgreSQL database (skipped on PGlite). */
const MULTIPROCESS = 'apps/server/src/**/*.multiprocess.test.ts';

const server = {
  alias: [{ find: /^graphql$/, replacement: graphqlMain }],
  include: ['apps/server/src/**/*.test.ts'],
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker: the second core then idles whenever a file waits
    // on a child process, Chromium or PGlite I/O. Two measured faster (docs/TESTING.md).
    maxWorkers: 2,
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      // Groups run one after another: the quick pure suites (some hold a loop to a time limit),
      // then the server files, then the multi-process ones.
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          // The property tests run ~2 s; on a machine shared with other jobs, several times that.
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? DATABASE_INDEPENDENT : POSTGRESQL_ONLY),
            MULTIPROCESS,
          ],
          // Files share a worker's loaded modules (the app, the GraphQL schema) instead of
          // importing them afresh, ~2 s each; each file still builds its own app and database.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Real `meridian start` processes and a browser, held to wall-clock limits (a change seen
        // within a second): run after everything else, one file at a time, with the cores to themselves.
        test: {
          ...server,
          name: 'server-processes',
          include: [MULTIPROCESS],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
