import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { complexityFromQuery } from '@pothos/plugin-complexity';
import { describe, expect, it } from 'vitest';
import { MAX_COMPLEXITY_ANONYMOUS, MAX_DEPTH } from './builder';
import { schema } from './schema';

/**
 * Every GraphQL document the web app sends, with the variables it sends, fits under the limits
 * (the anonymous one too: public roadmaps are read signed out).
 */
const WEB_SRC = join(import.meta.dirname, '../../../web/src');
const ROADMAP_API = join(WEB_SRC, 'features/roadmap/roadmapApi.ts');
const NEW_EPIC_PAGE = join(WEB_SRC, 'features/epics/NewEpicPage.tsx');

interface RoadmapApi {
  groupEpicsQuery: (withBlockedBy: boolean) => string;
  epicChildrenQuery: (withBlockedBy: boolean) => string;
  MILESTONES_QUERY: string;
  ROADMAP_PAGE_SIZE: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A `const NAME = \`query …\`` literal without interpolation, read from a web source file. */
function literalQuery(file: string, name: string): string {
  const match = new RegExp(`const ${name} = \`((?:[^\`$]|\\$(?!\\{))*)\``).exec(readFileSync(file, 'utf8'));
  if (!match?.[1]) throw new Error(`${name} not found in ${file}`);
  return match[1];
}

async function webDocuments(): Promise<Array<{ name: string; query: string; variables: Record<string, unknown> }>> {
  // A runtime path keeps the web sources out of the server's type-check.
  const api = (await import(pathToFileURL(ROADMAP_API).href)) as RoadmapApi;
  const filters = {
    state: 'opened',
    sort: 'START_DATE_ASC',
    timeframe: { start: '2026-01-01', end: '2026-12-31' },
    labelName: ['bug'],
    first: api.ROADMAP_PAGE_SIZE,
    after: null,
  };
  return [true, false].flatMap((withBlockedBy) => [
    {
      name: `roadmapGroupEpics (blockedByEpics: ${withBlockedBy})`,
      query: api.groupEpicsQuery(withBlockedBy),
      variables: { fullPath: 'acme', includeDescendantGroups: true, ...filters },
    },
    {
      name: `roadmapEpicChildren (blockedByEpics: ${withBlockedBy})`,
      query: api.epicChildrenQuery(withBlockedBy),
      variables: { fullPath: 'acme', iid: '1', ...filters },
    },
    {
      name: 'roadmapMilestones',
      query: api.MILESTONES_QUERY,
      variables: { fullPath: 'acme', timeframe: filters.timeframe },
    },
    {
      name: 'canCreateEpic',
      query: literalQuery(NEW_EPIC_PAGE, 'CAN_CREATE_EPIC'),
      variables: { fullPath: 'acme' },
    },
  ]);
}

describe('the web app’s GraphQL documents', () => {
  it('are all covered here: only these files send GraphQL', () => {
    const senders = sourceFiles(WEB_SRC)
      .filter((file) => /graphqlRequest(<[^>]*>)?\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(WEB_SRC, file))
      .sort();
    expect(senders).toEqual(['features/epics/NewEpicPage.tsx', 'features/roadmap/roadmapApi.ts', 'lib/api.ts']);
  });

  it('fit under the anonymous complexity limit and the depth limit with the variables they send', async () => {
    for (const doc of await webDocuments()) {
      const result = complexityFromQuery(doc.query, { schema, variables: doc.variables, ctx: { actor: null } });
      console.info(`${doc.name}: complexity ${result.complexity}, depth ${result.depth}`);
      expect(result.complexity, doc.name).toBeLessThanOrEqual(MAX_COMPLEXITY_ANONYMOUS);
      expect(result.depth, doc.name).toBeLessThanOrEqual(MAX_DEPTH);
    }
  });
});
