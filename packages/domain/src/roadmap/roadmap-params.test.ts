import { describe, expect, it } from 'vitest';
import {
  parseRoadmapDisplaySettings,
  type RoadmapDisplaySettings,
  withIncludeSubepics,
  withLabelFilter,
} from './roadmap-params';

const SORTS = [
  'START_DATE_ASC',
  'START_DATE_DESC',
  'END_DATE_ASC',
  'END_DATE_DESC',
  'TITLE_ASC',
  'TITLE_DESC',
  'CREATED_AT_ASC',
  'CREATED_AT_DESC',
  'UPDATED_AT_ASC',
  'UPDATED_AT_DESC',
];

const DEFAULTS: RoadmapDisplaySettings = {
  rangeType: 'CURRENT_QUARTER',
  preset: 'WEEKS',
  epicsState: 'all',
  progressTracking: 'WEIGHT',
  milestonesType: 'ALL',
  showMilestones: true,
  showLabels: false,
  showProgress: true,
  sort: 'START_DATE_ASC',
  epicIid: null,
  layout: null,
};

describe('parseRoadmapDisplaySettings', () => {
  it.each<[string, Partial<RoadmapDisplaySettings>]>([
    ['', {}],
    ['timeframe_range_type=CURRENT_YEAR', { rangeType: 'CURRENT_YEAR', preset: 'MONTHS' }],
    ['timeframe_range_type=CURRENT_YEAR&layout=WEEKS', { rangeType: 'CURRENT_YEAR', preset: 'WEEKS', layout: 'WEEKS' }],
    [
      'timeframe_range_type=CURRENT_YEAR&layout=QUARTERS',
      { rangeType: 'CURRENT_YEAR', preset: 'MONTHS', layout: 'QUARTERS' },
    ],
    ['timeframe_range_type=THREE_YEARS', { rangeType: 'THREE_YEARS', preset: 'QUARTERS' }],
    [
      'timeframe_range_type=three_years&layout=months',
      { rangeType: 'THREE_YEARS', preset: 'MONTHS', layout: 'months' },
    ],
    ['timeframe_range_type=NEXT_DECADE&layout=MONTHS', { layout: 'MONTHS' }],
    ['layout=MONTHS', { layout: 'MONTHS' }],
    ['state=opened', { epicsState: 'opened' }],
    ['state=closed', { epicsState: 'closed' }],
    ['state=all', {}],
    ['state=merged', {}],
    ['state=OPENED', { epicsState: 'opened' }],
    ['progress=COUNT', { progressTracking: 'COUNT' }],
    ['progress=count', { progressTracking: 'COUNT' }],
    ['progress=WEIGHT', {}],
    ['progress=size', {}],
    ['milestones_type=GROUP', { milestonesType: 'GROUP' }],
    ['milestones_type=subgroup', { milestonesType: 'SUBGROUP' }],
    ['milestones_type=PROJECT', { milestonesType: 'PROJECT' }],
    ['milestones_type=OTHER', {}],
    ['show_milestones=false', { showMilestones: false }],
    ['show_milestones=true', {}],
    ['show_milestones=0', {}],
    ['show_labels=true', { showLabels: true }],
    ['show_labels=false', {}],
    ['show_labels=1', {}],
    ['show_progress=false', { showProgress: false }],
    ['show_progress=', {}],
    ['sort=TITLE_DESC', { sort: 'TITLE_DESC' }],
    ['sort=end_date_asc', { sort: 'END_DATE_ASC' }],
    ['sort=weight', {}],
    ['sort=', {}],
    ['epicIid=7', { epicIid: 7 }],
    // `epic_iid` is the filter bar's epic token, not the roadmap's scope.
    ['epic_iid=12', {}],
    ['epic_iid=12&epicIid=7', { epicIid: 7 }],
    ['epicIid=0', {}],
    ['epicIid=-3', {}],
    ['epicIid=1.5', {}],
    ['epicIid=abc', {}],
    ['epicIid=', {}],
    ['epicIid=99999999999999999999', {}],
  ])('%j', (query, overrides) => {
    expect(parseRoadmapDisplaySettings(new URLSearchParams(query), SORTS)).toEqual({ ...DEFAULTS, ...overrides });
  });

  it('a full address', () => {
    const params = new URLSearchParams(
      'timeframe_range_type=THREE_YEARS&layout=WEEKS&state=closed&progress=COUNT&milestones_type=PROJECT' +
        '&show_milestones=false&show_labels=true&show_progress=false&sort=UPDATED_AT_DESC&epicIid=4' +
        '&label_name[]=Bug&author_username=root',
    );
    expect(parseRoadmapDisplaySettings(params, SORTS)).toEqual({
      rangeType: 'THREE_YEARS',
      preset: 'WEEKS',
      epicsState: 'closed',
      progressTracking: 'COUNT',
      milestonesType: 'PROJECT',
      showMilestones: false,
      showLabels: true,
      showProgress: false,
      sort: 'UPDATED_AT_DESC',
      epicIid: 4,
      layout: 'WEEKS',
    });
  });

  it('without sort options the sort is empty', () => {
    expect(parseRoadmapDisplaySettings(new URLSearchParams('sort=TITLE_ASC'), []).sort).toBe('');
  });
});

describe('withIncludeSubepics', () => {
  it.each<[string, boolean]>([
    ['epic_iid=12', true],
    ['epic_id=12', true],
    ['label_name[]=Bug&epic_iid=3', true],
    ['epic_iid=12&include_subepics=%E2%9C%93', true],
    ['epic_iid=None', false],
    ['epic_iid=Any', false],
    ['epic_iid=group%3A%3A%2612', false],
    ['epic_iid=', false],
    ['epic_iid=1a', false],
    ['not[epic_iid]=12', false],
    ['not[epic_id]=12', false],
    ['not[epic_iid]=12&include_subepics=%E2%9C%93', false],
    ['include_subepics=%E2%9C%93', false],
    ['label_name[]=Bug', false],
    ['', false],
  ])('%j → include_subepics %s', (query, included) => {
    const params = new URLSearchParams(query);
    const before = params.toString();
    const next = withIncludeSubepics(params);
    expect(next.getAll('include_subepics')).toEqual(included ? ['✓'] : []);
    expect(params.toString()).toBe(before);
    const others = (p: URLSearchParams) => [...p].filter(([k]) => k !== 'include_subepics');
    expect(others(next)).toEqual(others(params));
  });
});

describe('withLabelFilter', () => {
  it.each<[string, string, string[] | null]>([
    ['', 'Bug', ['Bug']],
    ['label_name[]=Bug', 'Feature', ['Bug', 'Feature']],
    ['label_name[]=Bug', 'Bug', null],
    ['label_name[]=Bug&label_name[]=scope%3A%3Ahigh', 'scope::high', null],
    ['label_name[]=Bug', 'bug', ['Bug', 'bug']],
    ['not[label_name][]=Bug', 'Bug', ['Bug']],
    ['label_name[]=Bug', 'with space', ['Bug', 'with space']],
  ])('%j + %j → %j', (query, title, labels) => {
    const params = new URLSearchParams(query);
    const before = params.toString();
    const next = withLabelFilter(params, title);
    expect(next === null ? null : next.getAll('label_name[]')).toEqual(labels);
    expect(params.toString()).toBe(before);
  });

  it('keeps the other parameters', () => {
    const next = withLabelFilter(new URLSearchParams('state=opened&sort=TITLE_ASC'), 'Bug')!;
    expect(next.toString()).toBe('state=opened&sort=TITLE_ASC&label_name%5B%5D=Bug');
  });
});
