import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../graphql/schema';
import type { Actor } from '../../policy/actor';
import { loadActor } from '../../policy/load-actor';
import { type AuthzWorld, createAuthzWorld } from '../../test/authz-world';
import { type StartedServer, startTestServer } from '../../test/started-server';
import { buildCells, type Entry } from './cells';
import { catalogueProblems } from './coverage';
import { graphqlEntries } from './graphql-catalogue';
import { restEntries } from './rest-catalogue';
import { type CellResult, runCell, succeeds } from './run-cell';
import { summarize } from './summary';

/**
 * The authorization matrix: every principal × visibility × confidentiality × route that touches
 * issues, epics, notes, labels, milestones and links, against a started server, each cell judged
 * by the pure policy module. See docs/SECURITY.md.
 */
const CONCURRENCY = 8;

let server: StartedServer;
let world: AuthzWorld;

beforeAll(async () => {
  server = await startTestServer();
  world = await createAuthzWorld(server.db);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('authorization matrix', () => {
  it('has a catalogue entry for every route and GraphQL field, and none for a missing one', () => {
    expect(catalogueProblems(server.app.routeTable, schema)).toEqual([]);
  });

  it('answers every cell as the policy decides', async () => {
    const started = Date.now();
    const actors: Record<string, Actor | null> = {};
    for (const p of Object.values(world.principals)) {
      actors[p.name] = p.user ? await loadActor(server.db, p.user, ['api']) : null;
    }
    const entries: Entry[] = [
      ...restEntries.map((e): Entry => ({ kind: 'rest', e, write: e.method !== 'GET' })),
      ...graphqlEntries.map((e): Entry => ({ kind: 'graphql', e, write: e.write })),
    ];
    const cells = await buildCells(entries, world.principals, actors, world.createBundles, (...a) =>
      succeeds(world, ...a),
    );
    const built = Date.now();
    // Reads first: writes add rows that lists would otherwise see.
    const ordered = [...cells.filter((c) => !c.entry.write), ...cells.filter((c) => c.entry.write)];
    const results: CellResult[] = [];
    let next = 0;
    const worker = async () => {
      while (next < ordered.length) {
        const cell = ordered[next++];
        if (cell) results.push(await runCell(world, server.http, cell));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const report = summarize(results, { buildMs: built - started, runMs: Date.now() - built });
    console.log(report.text);
    expect(cells.length).toBeGreaterThanOrEqual(2000);
    expect(report.failures).toEqual([]);
  }, 1_200_000);
});
