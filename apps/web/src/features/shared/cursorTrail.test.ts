import { afterEach, describe, expect, it } from 'vitest';
import { previousCursor, rememberNextCursor } from './cursorTrail';

afterEach(() => window.sessionStorage.clear());

describe('cursor trail', () => {
  it('walks back page by page to the first page', () => {
    const key = '/acme/web/-/issues?state=opened';
    rememberNextCursor(key, null, 'c2');
    rememberNextCursor(key, 'c2', 'c3');
    expect(previousCursor(key, 'c3')).toBe('c2');
    expect(previousCursor(key, 'c2')).toBe('');
    expect(previousCursor(key, null)).toBeNull();
  });

  it('is kept per list address and unknown for a cursor opened directly', () => {
    rememberNextCursor('/a?state=opened', null, 'c2');
    expect(previousCursor('/a?state=closed', 'c2')).toBeUndefined();
    expect(previousCursor('/a?state=opened', 'zz')).toBeUndefined();
  });

  it('ignores a broken stored trail', () => {
    window.sessionStorage.setItem('meridian-list-trail:/b', '{not json');
    expect(previousCursor('/b', 'c2')).toBeUndefined();
    rememberNextCursor('/b', null, 'c2');
    expect(previousCursor('/b', 'c2')).toBe('');
  });
});
