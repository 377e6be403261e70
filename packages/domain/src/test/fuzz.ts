import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * Shared pieces of the fuzz suites (`*.fuzz.test.ts`): one seed per run, a time limit per call, and
 * generators of hostile and near-valid user text. Test-only: imports vitest; server tests use it as
 * `@meridian/domain/test/fuzz`.
 */

/**
 * The run's seed: `FUZZ_SEED=<n>` replays a failure (fast-check prints `seed: <n>, path: …`), otherwise
 * one random seed for every property of this process.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);

/** fast-check parameters of a fuzz property: the run's seed and `numRuns`. */
export function fuzzRuns(numRuns: number): fc.Parameters<unknown> {
  return { numRuns, seed: FUZZ_SEED };
}

/** The slowest a single parser call may be: catastrophic backtracking shows as seconds. */
export const MAX_CALL_MS = 1_000;

/**
 * Calls `fn` and fails when it took longer than MAX_CALL_MS twice in a row: a slow input is slow
 * every time, a pause of a machine shared with other jobs is not. Returns what the last call returned.
 */
export function quick<T>(fn: () => T, limitMs = MAX_CALL_MS): T {
  let started = performance.now();
  let result = fn();
  if (performance.now() - started < limitMs) return result;
  started = performance.now();
  result = fn();
  const elapsed = performance.now() - started;
  expect(elapsed, `one call took ${Math.round(elapsed)} ms, twice`).toBeLessThan(limitMs);
  return result;
}

/** `quick` for a call that returns a promise. */
export async function quickAsync<T>(fn: () => Promise<T>): Promise<T> {
  let started = performance.now();
  let result = await fn();
  if (performance.now() - started < MAX_CALL_MS) return result;
  started = performance.now();
  result = await fn();
  const elapsed = performance.now() - started;
  expect(elapsed, `one call took ${Math.round(elapsed)} ms, twice`).toBeLessThan(MAX_CALL_MS);
  return result;
}

/**
 * Characters that break naive parsers: replacement patterns (`$&`, `` $` ``, `$'`, `$1`), NUL, CR/LF,
 * tabs, quotes and backslashes, RTL and LTR marks, zero-width joiners, a lone surrogate, an emoji.
 */
export const HOSTILE_PIECES = [
  '$&',
  '$`',
  "$'",
  '$1',
  '$$',
  '\u0000',
  '\r\n',
  '\n',
  '\t',
  ' ',
  '  ',
  '"',
  "'",
  '\\',
  '\\"',
  '\u200f',
  '\u202e',
  '\u200e',
  '\u200d',
  '\ufeff',
  '\ud800',
  '\udc00',
  '👍🏽',
  'é',
  '日本',
] as const;

/** Any text: graphemes, raw UTF-16 (lone surrogates) or ASCII, up to `maxLength` units. */
export function anyText(maxLength = 200): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ maxLength }),
  );
}

/** A run of one piece repeated 1 … `maxRepeat` times (`~~~~`, `""""`, `a/a/a/`). */
function runOf(pieces: readonly string[], maxRepeat: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...pieces), fc.integer({ min: 1, max: maxRepeat }))
    .map(([piece, n]) => piece.repeat(n));
}

/**
 * Near-valid text of a grammar: its `pieces` (sigils, keywords, brackets) mixed with words, numbers,
 * hostile characters and runs of one piece, joined without separators (a piece's own spaces are the
 * only ones). `maxRepeat` bounds a run, so `maxPieces × maxRepeat × piece length` bounds the text.
 */
export function grammarText(
  pieces: readonly string[],
  { maxPieces = 12, maxRepeat = 8 }: { maxPieces?: number; maxRepeat?: number } = {},
): fc.Arbitrary<string> {
  const word = fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/);
  const number = fc.oneof(fc.nat({ max: 99 }), fc.nat(), fc.constant(2_147_483_648)).map(String);
  const part = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pieces) },
    { weight: 3, arbitrary: word },
    { weight: 2, arbitrary: number },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
    { weight: 1, arbitrary: runOf([...pieces, ...HOSTILE_PIECES, 'a', '9'], maxRepeat) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
  );
  return fc.array(part, { maxLength: maxPieces }).map((parts) => parts.join(''));
}

/**
 * Big text of a grammar, 10 … 50 KB: one near-valid snippet repeated, or long runs of one piece
 * (`####…`, `~"~"~"…`), where backtracking and quadratic scans show.
 */
export function bigText(pieces: readonly string[]): fc.Arbitrary<string> {
  const target = fc.integer({ min: 10_000, max: 50_000 });
  const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length));
  const snippet = grammarText(pieces, { maxPieces: 6, maxRepeat: 3 }).filter((unit) => unit !== '');
  return fc.oneof(
    fc.tuple(snippet, target).map(([unit, n]) => fill(unit, n)),
    fc
      .tuple(fc.constantFrom(...pieces, ...HOSTILE_PIECES, 'a', '9'), target, fc.constantFrom('', '#1', '"', ' x'))
      .map(([unit, n, tail]) => fill(unit, n) + tail),
  );
}

/** Hostile text of a grammar: any text, near-valid text and (rarely) big text. */
export function parserInput(pieces: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: anyText() },
    { weight: 6, arbitrary: grammarText(pieces) },
    { weight: 1, arbitrary: bigText(pieces) },
  );
}
