import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rowsAsJson, statementChunks } from './insert-rows';

describe('statementChunks', () => {
  it('keeps a batch in one statement, in order', () => {
    const rows = Array.from({ length: 1000 }, (_, n) => ({ a: n, b: 'x', c: null }));
    expect(statementChunks(rows)).toEqual([rows]);
    expect(statementChunks([])).toEqual([]);
  });

  it('cuts under the parameter limit', () => {
    const row = Object.fromEntries(Array.from({ length: 30 }, (_, n) => [`c${n}`, n]));
    const chunks = statementChunks(Array.from({ length: 4500 }, () => row));
    expect(chunks.map((c) => c.length)).toEqual([2000, 2000, 500]);
  });

  it('cuts under the text budget: long descriptions go a few at a time, one alone when past it', () => {
    const mb = 'x'.repeat(1024 * 1024);
    const chunks = statementChunks(Array.from({ length: 40 }, (_, n) => ({ n, description: mb, html: mb })));
    expect(chunks.map((c) => c.length)).toEqual([16, 16, 8]);
    const huge = 'y'.repeat(40 * 1024 * 1024);
    expect(statementChunks([{ t: huge }, { t: 'a' }]).map((c) => c.length)).toEqual([1, 1]);
  });
});

describe('rowsAsJson', () => {
  const at = new Date('2026-11-30T10:00:00Z');
  it.each([
    ['plain values, times and arrays', [{ a: 1, b: 'x', c: null, d: at, e: [1, 2], f: true }], true],
    [
      'two rows naming the same columns',
      [
        { a: 1, b: 'x' },
        { a: 2, b: 'y' },
      ],
      true,
    ],
    ['a row naming fewer columns (the rest take their defaults)', [{ a: 1, b: 'x' }, { a: 2 }], false],
    [
      'the same columns in another order',
      [
        { a: 1, b: 'x' },
        { b: 'y', a: 2 },
      ],
      false,
    ],
    ['an undefined value (a default)', [{ a: 1, b: undefined }], false],
    ['an SQL expression', [{ a: sql`least(1, 2)` }], false],
    ['an object (jsonb written as text by the driver)', [{ a: { nested: true } }], false],
    ['a lone surrogate', [{ a: 'broken \ud800 text' }], false],
    ['no rows', [], false],
  ])('%s: %s', (_name, rows, json) => {
    expect(rowsAsJson(rows as object[]) !== null).toBe(json);
  });

  it('writes times as ISO text and keeps the order of the rows', () => {
    expect(
      rowsAsJson([
        { n: 2, at },
        { n: 1, at },
      ]),
    ).toEqual({
      columns: ['n', 'at'],
      json: '[{"n":2,"at":"2026-11-30T10:00:00.000Z"},{"n":1,"at":"2026-11-30T10:00:00.000Z"}]',
    });
  });
});
