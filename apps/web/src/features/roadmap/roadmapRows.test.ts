import { buildTimeframe } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { buildRoadmapRows, type ChildrenState, dependencyLinks, type RowEpic, topLevelEpics } from './roadmapRows';

const tf = buildTimeframe('CURRENT_YEAR', 'MONTHS', '2026-05-10');
const epic = (id: string, startDate: string | null, dueDate: string | null, extra: Partial<RowEpic> = {}): RowEpic => ({
  id,
  startDate,
  dueDate,
  hasChildren: false,
  parent: null,
  ...extra,
});

describe('topLevelEpics', () => {
  it('hides epics whose parent is in the list', () => {
    const list = [
      epic('a', null, null),
      epic('b', null, null, { parent: { id: 'a' } }),
      epic('c', null, null, { parent: { id: 'x' } }),
    ];
    expect(topLevelEpics(list).map((e) => e.id)).toEqual(['a', 'c']);
  });
});

describe('buildRoadmapRows', () => {
  const parent = epic('p', '2026-02-01', '2026-06-30', { hasChildren: true });
  const kids: RowEpic[] = [
    epic('k1', '2026-03-01', '2026-04-01', { parent: { id: 'p' } }),
    epic('k2', '2026-05-01', '2026-04-01', { parent: { id: 'p' } }), // start after end: dropped
    epic('k3', '2020-01-01', '2020-02-01', { parent: { id: 'p' } }), // outside: dropped
  ];
  const children = (id: string): ChildrenState => (id === 'p' ? { status: 'loaded', children: kids } : undefined);

  it('nests loaded children under an expanded epic', () => {
    const rows = buildRoadmapRows([parent, epic('q', '2026-01-01', null)], tf, new Set(['p']), children);
    expect(rows.map((r) => [r.epic.id, r.level])).toEqual([
      ['p', 0],
      ['k1', 1],
      ['q', 0],
    ]);
    expect(rows[0]?.childStatus).toBe('loaded');
  });

  it('leaves collapsed epics collapsed and drops epics outside the timeframe', () => {
    const rows = buildRoadmapRows([parent, epic('old', '2019-01-01', '2019-02-01')], tf, new Set(), children);
    expect(rows.map((r) => r.epic.id)).toEqual(['p']);
    expect(rows[0]?.expanded).toBe(false);
  });

  it('reports loading and empty children', () => {
    expect(buildRoadmapRows([parent], tf, new Set(['p']), () => ({ status: 'loading' }))[0]?.childStatus).toBe(
      'loading',
    );
    expect(
      buildRoadmapRows([parent], tf, new Set(['p']), () => ({ status: 'loaded', children: [] }))[0]?.childStatus,
    ).toBe('empty');
  });
});

describe('dependencyLinks', () => {
  it('links visible blockers to blocked rows, late when the blocker ends after the start', () => {
    const rows = [
      { epic: epic('a', '2026-01-01', '2026-03-01') },
      { epic: epic('b', '2026-02-01', '2026-05-01') },
      { epic: epic('c', '2026-04-01', '2026-05-01') },
    ];
    const blockers: Record<string, string[]> = { b: ['a', 'hidden'], c: ['a'] };
    expect(dependencyLinks(rows, (id) => blockers[id])).toEqual([
      { fromRow: 0, toRow: 1, late: true },
      { fromRow: 0, toRow: 2, late: false },
    ]);
  });
});
