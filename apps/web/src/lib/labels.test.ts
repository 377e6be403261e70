import { describe, expect, it } from 'vitest';
import { toLabelView } from './labels';

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
