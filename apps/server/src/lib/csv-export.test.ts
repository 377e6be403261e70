import { describe, expect, it } from 'vitest';
import { type CsvExport, csvChunks, excelSanitize, limitedCsv } from './csv-export';

async function* batchesOf<T>(batches: T[][], reads: { n: number }): AsyncGenerator<T[]> {
  for (const batch of batches) {
    reads.n++;
    yield batch;
  }
}

function exportOf(batches: string[][], reads = { n: 0 }): CsvExport<string, null> {
  return {
    columns: [
      ['Title', (r) => r],
      ['Length', (r) => r.length],
    ],
    batches: batchesOf(batches, reads),
    details: async () => null,
  };
}

async function text(chunks: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe('csvChunks', () => {
  it('writes the header with the first batch, then one chunk per batch', async () => {
    expect(await text(csvChunks(exportOf([['a', 'b,c'], ['=x']])))).toEqual([
      'Title,Length\na,1\n"b,c",3\n',
      "'=x,2\n",
    ]);
  });

  it('writes the header alone for an empty list', async () => {
    expect(await text(csvChunks(exportOf([])))).toEqual(['Title,Length\n']);
  });
});

describe('limitedCsv', () => {
  it('keeps whole rows under the limit and stops reading batches once it is passed', async () => {
    const reads = { n: 0 };
    // The header is 13 bytes and each row 7 ("aaaa,4\n"): 13 + 7 + 7 = 27 fits 30, a third row does not.
    const out = await limitedCsv(exportOf([['aaaa', 'bbbb'], ['cccc'], ['dddd']], reads), 30);
    expect(out).toEqual({ csv: 'Title,Length\naaaa,4\nbbbb,4\n', written: 2, truncated: true });
    expect(reads.n).toBe(2);
  });

  it('answers everything when it fits', async () => {
    expect(await limitedCsv(exportOf([['a'], ['b']]), 1000)).toEqual({
      csv: 'Title,Length\na,1\nb,1\n',
      written: 2,
      truncated: false,
    });
  });

  it('counts UTF-8 bytes, not characters', async () => {
    // "ééé,3\n": 6 characters, 9 bytes.
    expect((await limitedCsv(exportOf([['ééé']]), 13 + 9)).truncated).toBe(false);
    expect((await limitedCsv(exportOf([['ééé']]), 13 + 8)).truncated).toBe(true);
  });
});

describe('excelSanitize', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [';x', "';x"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['plain', 'plain'],
    [-1, -1],
    [null, null],
  ])('%j → %j', (cell, expected) => {
    expect(excelSanitize(cell)).toBe(expected);
  });
});
