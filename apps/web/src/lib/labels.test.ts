import { describe, expect, it } from 'vitest';
import { splitScopedLabel, textColorFor, toLabelView } from './labels';

describe('splitScopedLabel', () => {
  it.each([
    ['priority::high', { scope: 'priority', value: 'high' }],
    ['a::b::c', { scope: 'a::b', value: 'c' }],
    ['workflow::in review', { scope: 'workflow', value: 'in review' }],
    ['bug', null],
    ['::x', null],
    ['x::', null],
    ['a:b', null],
  ])('%s', (name, expected) => {
    expect(splitScopedLabel(name)).toEqual(expected);
  });
});

describe('textColorFor', () => {
  it.each([
    ['#ffffff', '#1f1e24'],
    ['#000000', '#ffffff'],
    ['#1f75cb', '#ffffff'],
    ['#f0f', '#1f1e24'],
    ['#ffd700', '#1f1e24'],
    ['not-a-colour', '#1f1e24'],
  ])('%s → %s', (bg, expected) => {
    expect(textColorFor(bg)).toBe(expected);
  });
});

describe('toLabelView', () => {
  it('accepts bare names', () => {
    expect(toLabelView('bug')).toMatchObject({ name: 'bug', color: '#dcdcde' });
  });
  it('keeps the server text colour', () => {
    expect(toLabelView({ name: 'x', color: '#ff0000', text_color: '#FFFFFF' })).toMatchObject({
      color: '#ff0000',
      textColor: '#FFFFFF',
    });
  });
  it('ignores invalid colours', () => {
    expect(toLabelView({ name: 'x', color: 'red; background:url(x)' }).color).toBe('#dcdcde');
  });
});
