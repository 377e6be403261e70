import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

/** One line of a file: its text, or null when it was longer than the cap (passed over, not held). */
export interface Line {
  number: number;
  text: string | null;
}

/**
 * The lines of a gzipped NDJSON file, one at a time: memory holds one line, at most `maxLineBytes`
 * (a longer line is read past and answered as null, so the file goes on); the file may decompress
 * to `maxBytes` at most (a gzip bomb stops there with an error).
 */
export async function* gzipLines(path: string, limits: { maxLineBytes: number; maxBytes: number }) {
  const input = createReadStream(path).pipe(createGunzip());
  let parts: Buffer[] = [];
  let size = 0;
  let oversize = false;
  let number = 0;
  let total = 0;
  const end = (): Line => {
    number += 1;
    const line = { number, text: oversize ? null : Buffer.concat(parts).toString('utf8') };
    parts = [];
    size = 0;
    oversize = false;
    return line;
  };
  const keep = (chunk: Buffer) => {
    if (oversize) return;
    size += chunk.length;
    if (size > limits.maxLineBytes) {
      oversize = true;
      parts = [];
    } else parts.push(chunk);
  };
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.maxBytes) throw new Error(`it decompresses to more than ${limits.maxBytes} bytes`);
      let from = 0;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
        keep(chunk.subarray(from, at));
        const line = end();
        if (line.text === null || line.text.trim() !== '') yield line;
        from = at + 1;
      }
      keep(chunk.subarray(from));
    }
  } finally {
    input.destroy();
  }
  if (size > 0 || oversize) {
    const line = end();
    if (line.text === null || line.text.trim() !== '') yield line;
  }
}
