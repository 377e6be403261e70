import { expectCases } from '@meridian/domain/test/cases';
import { describe, expect, it } from 'vitest';
import { epicSortEnum, hasRoadmapFilters, roadmapFilterVariables } from './roadmapVariables';

describe('roadmapFilterVariables', () => {
  it('maps every filter parameter', () => {
    const params = new URLSearchParams(
      'scope=all&state=opened&author_username=alice&label_name[]=bug&label_name[]=ux&milestone_title=v1' +
        '&my_reaction_emoji=thumbsup&confidential=yes&epic_iid=12&include_subepics=%E2%9C%93&search=crash&not[label_name][]=wontfix' +
        '&not[author_username]=bob&not[my_reaction_emoji]=tada&or[label_name][]=a&or[label_name][]=b&or[author_username]=carol',
    );
    expect(roadmapFilterVariables(params)).toEqual({
      labelName: ['bug', 'ux'],
      authorUsername: 'alice',
      milestoneTitle: 'v1',
      myReactionEmoji: 'thumbsup',
      confidential: true,
      epicIid: '12',
      search: 'crash',
      not: { labelName: ['wontfix'], authorUsername: 'bob', myReactionEmoji: 'tada' },
      or: { labelName: ['a', 'b'], authorUsername: ['carol'] },
    });
  });

  expectCases(
    (qs) => roadmapFilterVariables(new URLSearchParams(qs)).epicIid,
    [
      ['epic_iid=12', '12'],
      ['epic_iid=acme%3A%3A%2612', '12'],
      ['epic_iid=%2612', '12'],
      ['epic_iid=None', undefined],
      ['epic_iid=Any', undefined],
      ['epic_iid=', undefined],
      ['not[epic_iid]=12', undefined],
    ],
    'epic token %s → iid %s',
  );

  it('maps milestone and confidential tokens as the bar writes them', () => {
    expect(roadmapFilterVariables(new URLSearchParams('milestone_title=Release+1&confidential=no'))).toEqual({
      milestoneTitle: 'Release 1',
      confidential: false,
    });
  });

  it('leaves out empty and unknown values', () => {
    expect(roadmapFilterVariables(new URLSearchParams('search=&confidential=maybe&label_name[]='))).toEqual({});
    expect(roadmapFilterVariables(new URLSearchParams('confidential=no'))).toEqual({ confidential: false });
  });
});

describe('hasRoadmapFilters', () => {
  expectCases(
    (qs) => hasRoadmapFilters(new URLSearchParams(qs)),
    [
      ['', false],
      [
        'scope=all&state=opened&sort=title_asc&layout=MONTHS&show_labels=true&epicIid=3&include_subepics=%E2%9C%93',
        false,
      ],
      ['epic_iid=3', true],
      ['milestone_title=v1', true],
      ['confidential=yes', true],
      ['label_name[]=bug', true],
      ['search=x', true],
      ['not[author_username]=bob', true],
    ],
    '%s → %s',
  );
});

describe('epicSortEnum', () => {
  expectCases(
    epicSortEnum,
    [
      ['start_date_asc', 'START_DATE_ASC'],
      ['end_date_desc', 'END_DATE_DESC'],
      ['title_asc', 'TITLE_ASC'],
      ['created_desc', 'CREATED_AT_DESC'],
      ['updated_asc', 'UPDATED_AT_ASC'],
      ['START_DATE_DESC', 'START_DATE_DESC'],
      ['nonsense', 'START_DATE_ASC'],
    ],
    '%s → %s',
  );
});
