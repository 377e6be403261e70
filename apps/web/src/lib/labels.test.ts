import { describe, expect, it } from 'vitest';
import { splitScopedLabel, toLabelView } from './labels';

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
