import { describe, expect, it } from 'vitest';
import { isHexColor, suggestedColorName } from './epicColors';

describe('epic colours', () => {
  it.each([
    ['#1068bf', 'Blue'],
    ['#217645', 'Green'],
    ['#C91C00', 'Red'],
    ['#9e5400', 'Orange'],
    ['#694cc0', 'Purple'],
    ['#123456', null],
  ])('%s is named %s', (hex, name) => expect(suggestedColorName(hex)).toBe(name));

  it.each([
    ['#abcdef', true],
    ['#ABCDEF', true],
    ['#abc', false],
    ['abcdef', false],
    ['#abcdeg', false],
    ['#abcdef0', false],
  ])('%s is a hex colour: %s', (value, ok) => expect(isHexColor(value)).toBe(ok));
});
