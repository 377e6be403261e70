import { describe, expect, it } from 'vitest';
import { readCollapsedGutter } from './collapsedGutter';

describe('readCollapsedGutter', () => {
  it.each([
    ['collapsed_gutter=true', true],
    ['a=1; collapsed_gutter=false; b=2', false],
    ['xcollapsed_gutter=true', null],
    ['collapsed_gutter=maybe', null],
    ['', null],
  ])('%s → %s', (cookie, expected) => expect(readCollapsedGutter(cookie)).toBe(expected));
});
