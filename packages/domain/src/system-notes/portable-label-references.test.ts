import { describe, expect, it } from 'vitest';
import { labelIdsAsTitles, labelIdsIn } from './portable-label-references';

const titles = new Map([
  [12, 'bug'],
  [13, 'needs review'],
  [14, 'priority::high'],
]);
const titleOf = (id: number) => titles.get(id);

describe('labelIdsAsTitles', () => {
  it.each([
    ['added ~12 label', 'added ~bug label'],
    [
      'added ~12 ~13 labels and removed ~14 label',
      'added ~bug ~"needs review" labels and removed ~"priority::high" label',
    ],
    ['removed ~99 label', 'removed ~99 label'],
    ['added ~12, then ~13.', 'added ~bug, then ~"needs review".'],
    ['mentions x~12 and ~12abc and ~"12"', 'mentions x~12 and ~12abc and ~"12"'],
    ['', ''],
  ])('%s → %s', (note, expected) => {
    expect(labelIdsAsTitles(note, titleOf)).toBe(expected);
  });
});

describe('labelIdsIn', () => {
  it.each([
    ['added ~12 ~13 labels and removed ~12 label', [12, 13]],
    ['changed milestone to %"v1"', []],
    [`~${'9'.repeat(11)} label`, []],
  ])('%s → %j', (note, ids) => {
    expect(labelIdsIn(note)).toEqual(ids);
  });
});
