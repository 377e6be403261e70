import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, parserInput, quick } from '../test/fuzz';
import { findReferences, type ReferenceContext } from './gfm-references';

/**
 * Fuzzing the renderer's reference finder (issue 25): any text is scanned in time; each reference's
 * `original` is exactly the text between its offsets; references come in order and never overlap;
 * every href is a same-site path with no quote, space or dot segment in it.
 */

const PIECES = [
  '#',
  '!',
  '&',
  '~',
  '%',
  '@',
  '+',
  '+s',
  '"',
  '::',
  '/',
  '//',
  '.',
  '..',
  '../',
  '-',
  '_',
  '?',
  'acme/web',
  'api',
  '12',
  '99999999999',
  ' ',
  '\n',
  '(',
  ')',
  'bob@example.com',
  '~"two words"',
  '%"Sprint 3"',
];
/** `path#12`-shaped words whose path segments may be empty, `.`, `..` or start with a dot or dash. */
const referenceShaped = fc
  .tuple(
    fc.array(fc.constantFrom('acme', 'a.b', '_x', '-y', '.z', '.', '..', ''), { maxLength: 4 }),
    fc.constantFrom('#', '!', '&'),
    fc.constantFrom('1', '12', '+'),
  )
  .map(([segments, sigil, tail]) => ` ${segments.join('/')}${sigil}${tail}`);
const text = fc.oneof(
  { weight: 3, arbitrary: parserInput(PIECES) },
  { weight: 1, arbitrary: fc.array(referenceShaped, { maxLength: 5 }).map((words) => words.join('')) },
);
const contexts: ReferenceContext[] = [
  { projectPath: 'acme/web', groupPath: 'acme' },
  { projectPath: 'solo' },
  { groupPath: 'acme/sub' },
  {},
];

describe('findReferences (fuzz)', () => {
  it('finds references in time, in order, at their offsets, without overlap', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...contexts), (input, ctx) => {
        const found = quick(() => findReferences(input, ctx));
        let previousEnd = 0;
        for (const ref of found) {
          expect(ref.start).toBeGreaterThanOrEqual(previousEnd);
          expect(ref.end).toBeGreaterThan(ref.start);
          expect(ref.end).toBeLessThanOrEqual(input.length);
          expect(input.slice(ref.start, ref.end)).toBe(ref.original);
          previousEnd = ref.end;
        }
      }),
      fuzzRuns(1_500),
    );
  });

  it('every href is a path of this site without quotes, blanks or dot segments', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...contexts), (input, ctx) => {
        for (const ref of findReferences(input, ctx)) {
          expect(ref.href).toMatch(/^\/[^/]/);
          expect(ref.href).not.toMatch(/["'<>\s\\]/);
          const path = ref.href.split('?')[0] as string;
          expect(path.split('/')).not.toContain('..');
          expect(path.split('/')).not.toContain('.');
        }
      }),
      fuzzRuns(1_000),
    );
  });
});
