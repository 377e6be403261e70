import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bigText, FUZZ_SEED, fuzzRuns, grammarText, quick } from './fuzz';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
  return ms;
};

describe('fuzz helpers', () => {
  it('quick fails a call that is slow twice, and passes a quick one', () => {
    expect(() => quick(() => busy(20), 5)).toThrow(/twice/);
    expect(quick(() => busy(1), 500)).toBe(1);
  });

  it('every property of the run shares one seed', () => {
    expect(fuzzRuns(10)).toEqual({ numRuns: 10, seed: FUZZ_SEED });
  });

  it('generators build near-valid text from the pieces, and big text of 10 to 50 KB', () => {
    const samples = fc.sample(grammarText(['#'], { maxPieces: 30 }), { numRuns: 50, seed: 1 });
    expect(samples.some((s) => s.includes('#'))).toBe(true);
    for (const s of fc.sample(bigText(['#']), { numRuns: 20, seed: 1 })) {
      expect(s.length).toBeGreaterThanOrEqual(10_000);
      expect(s.length).toBeLessThanOrEqual(51_000);
    }
  });
});
