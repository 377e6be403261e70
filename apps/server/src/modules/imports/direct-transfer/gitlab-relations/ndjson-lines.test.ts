import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipLines } from './ndjson-lines';

describe('gzipLines', () => {
  it('yields each line, passes over a line past the cap as null, and goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gl-lines-'));
    const path = join(dir, 'a.ndjson.gz');
    writeFileSync(path, gzipSync(`{"a":1}\n\n${'x'.repeat(100)}\n{"b":2}`));
    const lines = [];
    for await (const line of gzipLines(path, { maxLineBytes: 50, maxBytes: 1000 })) lines.push(line);
    expect(lines).toEqual([
      { number: 1, text: '{"a":1}' },
      { number: 3, text: null },
      { number: 4, text: '{"b":2}' },
    ]);
    await expect(async () => {
      for await (const _ of gzipLines(path, { maxLineBytes: 50, maxBytes: 20 })) {
        // reading past the cap throws
      }
    }).rejects.toThrow('decompresses to more than 20 bytes');
  });
});
