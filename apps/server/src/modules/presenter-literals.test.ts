import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leadingSpreadLiterals } from '../test/leading-spread-literals';

/**
 * Presenters run once per listed row. An object literal that opens with a spread and goes on with
 * more properties is built on V8's slow path (presenting 50 issues took 5.7 ms that way, 0.6 ms
 * without): presenters put the spread after the first property, or use Object.assign.
 */
const MAX_FOLLOWING = 3;
const modules = import.meta.dirname;

const presenterFiles = () =>
  readdirSync(modules, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.presenter.ts'))
    .map((entry) => join(entry.parentPath, entry.name));

describe('presenters build their objects on the fast path', () => {
  it('the detector flags a literal opening with a spread and long after it', () => {
    const lines = (source: string) => leadingSpreadLiterals('case.ts', source, 2).map((l) => l.line);
    expect(lines('const a = { ...b, c: 1, d: 2, e: 3 };')).toEqual([1]);
    expect(lines('const a = { ...b, c: 1, d: 2 };')).toEqual([]);
    expect(lines('const a = { id: 1, ...b, c: 1, d: 2, e: 3 };')).toEqual([]);
    expect(lines('const a = Object.assign(b(), { c: 1, d: 2, e: 3 });')).toEqual([]);
  });

  it('no presenter opens a literal with a spread', () => {
    const files = presenterFiles();
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((path) =>
      leadingSpreadLiterals(path, readFileSync(path, 'utf8'), MAX_FOLLOWING).map(
        (l) => `${relative(modules, path)}:${l.line} (${l.text}, then ${l.following} properties)`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
