import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { gql } from '../test/graphql-client';
import { useTestApp } from '../test/use-test-app';
import { DOCUMENT_CACHE_BYTES, DOCUMENT_CACHE_ENTRIES, MAX_DOCUMENT_TOKENS } from './graphql.plugin';
import { MAX_DOCUMENT_CHARACTERS } from './validation/document-size';

/**
 * Mercurius keeps parsed documents in two LRUs of DOCUMENT_CACHE_ENTRIES entries (each holding up to
 * twice that): the bytes they may hold follow from the largest document accepted.
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A largest accepted document: MAX_DOCUMENT_TOKENS tokens, MAX_DOCUMENT_CHARACTERS long. */
function largestDocument(seed: number): string {
  const names = ' a'.repeat(MAX_DOCUMENT_TOKENS - 8);
  const head = `{ f(s: "${seed}`;
  const tail = `")${names} }`;
  return `${head}${'x'.repeat(MAX_DOCUMENT_CHARACTERS - head.length - tail.length)}${tail}`;
}

describe('the GraphQL document caches', () => {
  it('hold at most DOCUMENT_CACHE_BYTES with the largest documents accepted', () => {
    const count = 16;
    const sources = Array.from({ length: count }, (_, i) => largestDocument(i));
    expect(sources[0]).toHaveLength(MAX_DOCUMENT_CHARACTERS);
    gc();
    const before = process.memoryUsage().heapUsed;
    // As Mercurius caches them: the text (its key) and the parsed document.
    const kept = sources.map((source) => ({ source, document: parse(source, { maxTokens: MAX_DOCUMENT_TOKENS }) }));
    sources.length = 0;
    gc();
    const perDocument = (process.memoryUsage().heapUsed - before) / kept.length;
    const worstCase = 2 * 2 * DOCUMENT_CACHE_ENTRIES * perDocument;
    console.info(
      `largest document: ${Math.round(perDocument / 1024)} KiB; caches at most ${Math.round(worstCase / 2 ** 20)} MiB`,
    );
    expect(kept).toHaveLength(count);
    expect(worstCase).toBeLessThanOrEqual(DOCUMENT_CACHE_BYTES);
  });
});

describe('a document longer than MAX_DOCUMENT_CHARACTERS', () => {
  const t = useTestApp();
  const padded = (length: number) => {
    const query = '{ __typename }';
    return `#${'x'.repeat(length - query.length - 2)}\n${query}`;
  };

  it('is refused before parsing, with a 400 naming the limit; one at the limit is served', async () => {
    const atLimit = await gql(t.app, padded(MAX_DOCUMENT_CHARACTERS));
    expect(atLimit.body.errors).toBeUndefined();
    const over = await gql(t.app, padded(MAX_DOCUMENT_CHARACTERS + 1));
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.message).toBe(
      `Query is too large: ${MAX_DOCUMENT_CHARACTERS + 1} characters, at most ${MAX_DOCUMENT_CHARACTERS}`,
    );
  });
});
