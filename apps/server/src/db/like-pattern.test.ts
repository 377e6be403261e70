import { describe, expect, it } from 'vitest';
import { likePattern } from './like-pattern';

describe('likePattern', () => {
  it.each([
    ['web', '%web%'],
    ['50%', '%50\\%%'],
    ['snake_case', '%snake\\_case%'],
    ['back\\slash', '%back\\\\slash%'],
    ['', '%%'],
  ])('%j → %j', (term, pattern) => {
    expect(likePattern(term)).toBe(pattern);
  });
});
