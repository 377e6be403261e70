import { beforeEach, describe, expect, it } from 'vitest';
import { claimDailyVisit } from './visitThrottle';

describe('claimDailyVisit', () => {
  beforeEach(() => window.localStorage.clear());

  it('claims an item once a UTC day per user, and again the next day', () => {
    const morning = new Date('2026-11-29T08:00:00Z');
    const evening = new Date('2026-11-29T23:59:00Z');
    const nextDay = new Date('2026-11-30T00:01:00Z');
    expect(claimDailyVisit(1, 'projects', 7, morning)).toBe(true);
    expect(claimDailyVisit(1, 'projects', 7, evening)).toBe(false);
    expect(claimDailyVisit(1, 'groups', 7, evening)).toBe(true);
    expect(claimDailyVisit(2, 'projects', 7, evening)).toBe(true);
    expect(claimDailyVisit(1, 'projects', 7, nextDay)).toBe(true);
  });

  it('keeps only the current day, and treats unreadable storage as nothing posted', () => {
    claimDailyVisit(1, 'projects', 1, new Date('2026-11-28T10:00:00Z'));
    claimDailyVisit(1, 'projects', 2, new Date('2026-11-29T10:00:00Z'));
    expect(JSON.parse(window.localStorage.getItem('meridian:visits:1') ?? '')).toEqual({
      day: '2026-11-29',
      items: ['projects:2'],
    });
    window.localStorage.setItem('meridian:visits:1', '{not json');
    expect(claimDailyVisit(1, 'projects', 2, new Date('2026-11-29T11:00:00Z'))).toBe(true);
  });
});
