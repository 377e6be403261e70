import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrderHazards, serverSources } from '../test/load-order-hazards';

// a.ts → face (index.ts) → b.ts → a.ts: one cycle through a face, as the module faces make them.
const cycle = (bTopLevel: string) =>
  new Map([
    ['m/a.ts', "import { b } from './index';\nexport const a = 1;\nexport const useB = () => b;"],
    ['m/index.ts', "export { a } from './a';\nexport { b } from './b';"],
    ['m/b.ts', `import { a } from './a';\n${bTopLevel}`],
  ]);

describe('module load order', () => {
  it('finds a value read at load from a file in the same cycle, through a face', () => {
    expect(loadOrderHazards(cycle('export const b = a + 1;'))).toEqual(['m/b.ts: a from m/a.ts']);
    expect(loadOrderHazards(cycle('export class B extends a {}'))).toEqual(['m/b.ts: a from m/a.ts']);
  });

  it("judges a face by the order it loads its files: one leading back before the value's own file", () => {
    const face = (...lines: string[]) =>
      new Map([
        ['m/index.ts', lines.join('\n')],
        ['m/c.ts', "import { p } from './index';\nexport const c = p + 1;"],
        ['m/p.ts', 'export const p = 1;'],
      ]);
    expect(loadOrderHazards(face("export { c } from './c';", "export { p } from './p';"))).toEqual([
      'm/c.ts: p from m/index.ts',
    ]);
    expect(loadOrderHazards(face("export { p } from './p';", "export { c } from './c';"))).toEqual([]);
  });

  it('accepts values read inside functions, and types', () => {
    expect(loadOrderHazards(cycle('export const b = () => a;'))).toEqual([]);
    expect(loadOrderHazards(cycle('export let b: typeof a;'))).toEqual([]);
    expect(loadOrderHazards(cycle('export class B { b = a; }'))).toEqual([]);
  });

  it('finds none in the server', () => {
    expect(loadOrderHazards(serverSources(join(__dirname, '..')))).toEqual([]);
  });
});
