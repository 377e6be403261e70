import { describe, expect, it } from 'vitest';
import { useChangeEffectsWorld } from '../../test/change-effects-world';

/**
 * Issue 27: every merge request write's effects come from the one recorder — which gives a mention
 * in an MR description its to-do and mention row, and MR updates their live events. GraphQL has
 * no merge request mutation but createNote: its quick actions reach the same recorder.
 */
const w = useChangeEffectsWorld();
const { write, on, expectUpdate, current } = w.issuableWrites('MergeRequest');

describe('the effects of a merge request write', () => {
  it('creation: first reviewers noted, review to-do, new_merge_request emails', async () => {
    const effects = await w.effectsOf(
      write(
        'POST',
        () => ({ title: 'Add cache', source_branch: 'cache', target_branch: 'main', reviewer_ids: [w.uid.bob] }),
        201,
      ),
    );
    expect(effects).toEqual({
      notes: [on('requested review from @chg-bob')],
      todos: ['bob:review_requested'],
      mentioned: [],
      emails: ['bob:new_merge_request', 'watcher:new_merge_request'],
      live: [],
    });
  });

  it('a mention in the description: to-do, mention row and email for the mentioned (was missing)', async () => {
    const effects = await w.effectsOf(write('PUT', { description: '@chg-bob please review' }));
    expect(effects).toEqual({
      notes: [on('changed the description')],
      todos: ['bob:directly_addressed'],
      mentioned: ['bob'],
      emails: ['bob:mention'],
      live: ['updated'],
    });
  });

  it.each<[string, object | (() => object), string[], string[], string[]]>([
    [
      'title (a live event, was missing)',
      { title: 'Add a cache' },
      ['changed title from **Add cache** to **Add a cache**'],
      [],
      [],
    ],
    ['draft', { title: 'Draft: Add a cache' }, ['marked this merge request as **draft**'], [], []],
    ['labels', { add_labels: 'perf' }, ['added ~perf label'], [], []],
    [
      'assignees',
      () => ({ assignee_ids: [w.uid.watcher] }),
      ['assigned to @chg-watcher'],
      ['watcher:assigned'],
      ['bob:reassign_merge_request', 'watcher:reassign_merge_request'],
    ],
    ['reviewers', () => ({ reviewer_ids: [] }), ['removed review request for @chg-bob'], [], []],
    ['lock', { discussion_locked: true }, ['locked the discussion in this merge request'], [], []],
    ['close', { state_event: 'close' }, ['closed'], [], ['watcher:close_merge_request']],
    ['reopen', { state_event: 'reopen' }, ['reopened'], [], ['watcher:reopen_merge_request']],
  ])('%s', expectUpdate);
});

describe('the same effects through GraphQL createNote', () => {
  const comment = (body: string) => async () => {
    await w.mutate('createNote', { noteableId: `gid://gitlab/MergeRequest/${current().id}`, body });
    return { type: 'MergeRequest' as const, id: current().id };
  };

  it.each<[string, string, string[], string[], string[]]>([
    ['/close (commands only)', '/close', ['closed'], ['watcher:close_merge_request'], ['updated']],
    ['/unlabel with a comment', 'Untagged.\n/unlabel ~perf', ['removed ~perf label'], [], ['updated', 'labels']],
  ])('%s', async (name, body, notes, emails, live) => {
    const effects = await w.effectsOf(comment(body));
    expect(effects.notes).toEqual(notes.map(on));
    expect(effects.todos).toEqual([]);
    // A comment also mails the participants (new_note); a body of commands only stores no comment.
    if (name.includes('commands only')) expect(effects.emails).toEqual(emails);
    expect(effects.live).toEqual(live);
  });
});
