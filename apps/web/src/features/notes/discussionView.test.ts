import { expectCases } from '@meridian/domain/test/cases';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  type DiscussionPreferences,
  groupAwards,
  parsePreferences,
  visibleDiscussions,
} from './discussionView';
import type { Discussion, NoteDetail } from './notesApi';

const author = { id: 1, username: 'ann', name: 'Ann' };
function note(id: number, createdAt: string, system = false): NoteDetail {
  const at = `2026-01-${createdAt}T10:00:00.000Z`;
  return {
    id,
    type: null,
    body: `note ${id}`,
    author,
    created_at: at,
    updated_at: at,
    system,
    internal: false,
    resolvable: false,
  };
}
const discussion = (id: string, ...notes: NoteDetail[]): Discussion => ({
  id,
  individual_note: notes.length === 1,
  notes,
});

const comment = discussion('a', note(1, '01'));
const history = discussion('b', note(2, '02', true));
const thread = discussion('c', note(3, '03'), note(4, '05'));
const pages = [[comment, history], [thread]];
const ids = (list: Discussion[]) => list.map((d) => d.id).join(',');

describe('visibleDiscussions', () => {
  expectCases(
    (prefs: DiscussionPreferences) => ids(visibleDiscussions(pages, prefs)),
    [
      [{ filter: 'all', sort: 'asc' }, 'a,b,c'],
      [{ filter: 'all', sort: 'desc' }, 'c,b,a'],
      [{ filter: 'comments', sort: 'asc' }, 'a,c'],
      [{ filter: 'comments', sort: 'desc' }, 'c,a'],
      [{ filter: 'history', sort: 'asc' }, 'b'],
    ],
    '%j → %s',
  );

  it('shows a discussion once when a page boundary moved between fetches', () => {
    expect(
      ids(
        visibleDiscussions(
          [
            [comment, history],
            [history, thread],
          ],
          DEFAULT_PREFERENCES,
        ),
      ),
    ).toBe('a,b,c');
  });

  it('orders by when each discussion began, whatever page it came on', () => {
    expect(ids(visibleDiscussions([[thread], [comment]], DEFAULT_PREFERENCES))).toBe('a,c');
  });
});

describe('parsePreferences', () => {
  expectCases(
    (raw: string | null) => parsePreferences(raw),
    [
      [null, { filter: 'all', sort: 'asc' }],
      ['{"filter":"history","sort":"desc"}', { filter: 'history', sort: 'desc' }],
      ['{"filter":"bogus","sort":"sideways"}', { filter: 'all', sort: 'asc' }],
      ['not json', { filter: 'all', sort: 'asc' }],
    ],
    '%s → %o',
  );
});

describe('groupAwards', () => {
  it('counts each emoji once per award and marks the one I gave', () => {
    const awards = [
      { id: 1, name: 'thumbsup', user: { id: 7 } },
      { id: 2, name: 'tada', user: { id: 8 } },
      { id: 3, name: 'thumbsup', user: { id: 8 } },
    ];
    expect(groupAwards(awards, 8)).toEqual([
      { name: 'thumbsup', count: 2, mine: 3 },
      { name: 'tada', count: 1, mine: 2 },
    ]);
    expect(groupAwards(awards, null).map((a) => a.mine)).toEqual([null, null]);
  });
});
