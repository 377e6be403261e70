import { describe, expect, it } from 'vitest';
import { statementChunks } from './archive-insert-rows';

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
