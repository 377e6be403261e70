import { describe, expect, it } from 'vitest';
import { isScopedLabel, parseScopedLabel } from './parse-scoped-label';

describe('parseScopedLabel', () => {
  it.each([
    ['priority::high', { scope: 'priority', value: 'high' }],
    ['a::b::c', { scope: 'a::b', value: 'c' }],
    ['workflow::in review', { scope: 'workflow', value: 'in review' }],
    ['team::🚀', { scope: 'team', value: '🚀' }],
    ['a:::b', { scope: 'a:', value: 'b' }],
    ['plain', null],
    ['one:colon', null],
    ['::value', null],
    ['scope::', null],
    ['', null],
    ['  ::x', null],
  ])('%s', (title, expected) => {
    expect(parseScopedLabel(title)).toEqual(expected);
    expect(isScopedLabel(title)).toBe(expected !== null);
  });
});
