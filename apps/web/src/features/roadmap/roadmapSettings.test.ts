import { describe, expect, it } from 'vitest';
import { parseStoredSettings, resolveRoadmapSettings, settingsToParams } from './roadmapSettings';

const SORTS = ['start_date_asc', 'start_date_desc', 'title_asc'];

describe('resolveRoadmapSettings', () => {
  it('uses the defaults with nothing stored', () => {
    const { settings, sort, epicIid } = resolveRoadmapSettings(new URLSearchParams(), {}, SORTS);
    expect(settings).toEqual({
      rangeType: 'CURRENT_QUARTER',
      preset: 'WEEKS',
      epicsState: 'all',
      progressTracking: 'WEIGHT',
      milestonesType: 'ALL',
      showMilestones: true,
      showLabels: false,
      showProgress: true,
    });
    expect(sort).toBe('start_date_asc');
    expect(epicIid).toBeNull();
  });

  it('prefers the address, then the stored settings', () => {
    const stored = parseStoredSettings(
      JSON.stringify({ rangeType: 'THREE_YEARS', preset: 'MONTHS', epicsState: 'closed', progressTracking: 'COUNT' }),
    );
    const { settings } = resolveRoadmapSettings(new URLSearchParams('state=opened&show_labels=true'), stored, SORTS);
    expect(settings).toMatchObject({
      rangeType: 'THREE_YEARS',
      preset: 'MONTHS',
      epicsState: 'opened',
      progressTracking: 'COUNT',
      showLabels: true,
    });
  });

  it('drops a stored preset the range does not offer', () => {
    const { settings } = resolveRoadmapSettings(
      new URLSearchParams('timeframe_range_type=CURRENT_YEAR'),
      { preset: 'QUARTERS' },
      SORTS,
    );
    expect(settings.preset).toBe('MONTHS');
  });

  it('reads epicIid and falls back to the first sort', () => {
    const { sort, epicIid } = resolveRoadmapSettings(new URLSearchParams('epicIid=7&sort=bogus'), {}, SORTS);
    expect(sort).toBe('start_date_asc');
    expect(epicIid).toBe(7);
  });
});

describe('parseStoredSettings', () => {
  it('ignores junk', () => {
    expect(parseStoredSettings('{')).toEqual({});
    expect(parseStoredSettings(JSON.stringify({ epicsState: 'weird', showLabels: 'yes', preset: 'DAYS' }))).toEqual({});
  });
});

describe('settingsToParams', () => {
  it('writes every setting and keeps the filters', () => {
    const next = settingsToParams(new URLSearchParams('label_name[]=bug&layout=WEEKS'), {
      rangeType: 'CURRENT_YEAR',
      preset: 'MONTHS',
      epicsState: 'closed',
      progressTracking: 'COUNT',
      milestonesType: 'GROUP',
      showMilestones: false,
      showLabels: true,
      showProgress: true,
    });
    expect(next.getAll('label_name[]')).toEqual(['bug']);
    expect(next.get('layout')).toBe('MONTHS');
    expect(next.get('timeframe_range_type')).toBe('CURRENT_YEAR');
    expect(next.get('state')).toBe('closed');
    expect(next.get('progress')).toBe('COUNT');
    expect(next.get('show_milestones')).toBe('false');
  });
});
