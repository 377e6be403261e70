import { beforeAll, describe, expect, it } from 'vitest';
import { useChangeEffectsWorld } from '../../test/change-effects-world';
import { storedNotes } from '../../test/stored-notes';

/**
 * Issue 27: every issue write's effects come from one recorder. Each row is one write through the
 * REST API (then GraphQL's updateIssue and createNote) and everything it did: system notes,
 * to-dos, description mention rows, queued emails and live events.
 */
const w = useChangeEffectsWorld();
let milestoneId = 0;

beforeAll(async () => {
  const milestone = await w.t.db
    .insertInto('milestones')
    .values({ iid: 1, project_id: w.ids.projectId, title: 'v1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  milestoneId = milestone.id;
});

const { write, on, expectUpdate, current } = w.issuableWrites('Issue');

describe('the effects of an issue write', () => {
  it('creation: first labels and assignees noted, assignee and mention to-dos, new_issue emails, no live event', async () => {
    const effects = await w.effectsOf(
      write('POST', { title: 'Crash', description: 'cc @chg-bob', labels: 'bug', assignee_ids: [w.uid.bob] }, 201),
    );
    expect(effects).toEqual({
      notes: [on('added ~bug label'), on('assigned to @chg-bob')],
      todos: ['bob:assigned', 'bob:mentioned'],
      mentioned: ['bob'],
      emails: ['bob:new_issue', 'watcher:new_issue'],
      live: [],
    });
  });

  it.each<[string, object | (() => object), string[], string[], string[]]>([
    ['title', { title: 'Crash on save' }, ['changed title from **Crash** to **Crash on save**'], [], []],
    [
      'description with a new mention',
      { description: 'cc @chg-bob and @chg-watcher' },
      ['changed the description'],
      ['watcher:mentioned'],
      ['watcher:mention'],
    ],
    ['labels', { add_labels: 'ui', remove_labels: 'bug' }, ['added ~ui label and removed ~bug label'], [], []],
    [
      'assignees',
      () => ({ assignee_ids: [w.uid.watcher] }),
      ['assigned to @chg-watcher and unassigned @chg-bob'],
      ['watcher:assigned'],
      ['bob:reassign_issue', 'watcher:reassign_issue'],
    ],
    ['milestone', () => ({ milestone_id: milestoneId }), ['changed milestone to %"v1"'], [], []],
    ['milestone removed', { milestone_id: null }, ['removed milestone'], [], []],
    ['due date', { due_date: '2026-12-01' }, ['changed due date to Dec 1, 2026'], [], []],
    ['weight', { weight: 3 }, ['changed weight to **3**'], [], []],
    ['confidential', { confidential: true }, ['made the issue confidential'], [], []],
    ['lock', { discussion_locked: true }, ['locked the discussion in this issue'], [], []],
    // bob is no longer assigned: the watcher (now the assignee too) is told.
    ['close', { state_event: 'close' }, ['closed'], [], ['watcher:close_issue']],
    ['reopen', { state_event: 'reopen' }, ['reopened'], [], ['watcher:reopen_issue']],
    ['nothing', { title: 'Crash on save' }, [], [], []],
  ])('%s', expectUpdate);
});

describe('time tracking is an issue write like the others', () => {
  const post = (path: string, body: object) => async () => {
    const { iid, id } = current();
    const res = await w.api('POST', `/projects/${w.ids.projectId}/issues/${iid}/${path}`, 'author', body);
    expect(res.statusCode, res.body).toBe(201);
    return { type: 'Issue' as const, id };
  };

  it.each<[string, () => Promise<{ type: 'Issue'; id: number }>, string[]]>([
    ['estimate', post('time_estimate', { duration: '2h' }), ['changed time estimate to 2h']],
    ['the same estimate again', post('time_estimate', { duration: '2h' }), []],
    ['time spent', post('add_spent_time', { duration: '30m' }), ['added 30m of time spent']],
    ['spent time reset', post('reset_spent_time', {}), ['removed time spent']],
    ['estimate removed', post('reset_time_estimate', {}), ['removed time estimate']],
  ])('%s', async (_name, write, notes) => {
    const effects = await w.effectsOf(write);
    expect(effects.notes).toEqual(notes.map(on));
    expect(effects.todos).toEqual([]);
    expect(effects.emails).toEqual([]);
    // The issue page's time tracking follows it live, as any other field.
    expect(effects.live).toEqual(notes.length ? ['updated'] : []);
  });
});

describe('the same effects through GraphQL', () => {
  const through = (name: 'updateIssue' | 'createNote', input: () => Record<string, unknown>) => async () => {
    await w.mutate(name, input());
    return { type: 'Issue' as const, id: current().id };
  };
  const target = () => ({ projectPath: 'chg/web', iid: String(current().iid) });
  const comment = (body: string) => () => ({ noteableId: `gid://gitlab/Issue/${current().id}`, body });

  it.each<[string, () => Promise<{ type: 'Issue'; id: number }>, string[], string[], string[]]>([
    [
      'updateIssue title',
      through('updateIssue', () => ({ ...target(), title: 'Crash on load' })),
      ['changed title from **Crash on save** to **Crash on load**'],
      [],
      ['updated'],
    ],
    [
      'updateIssue close',
      through('updateIssue', () => ({ ...target(), stateEvent: 'CLOSE' })),
      ['closed'],
      ['watcher:close_issue'],
      ['updated'],
    ],
    [
      'createNote /reopen (commands only)',
      through('createNote', comment('/reopen')),
      ['reopened'],
      ['watcher:reopen_issue'],
      ['updated'],
    ],
  ])('%s', async (_name, write, notes, emails, live) => {
    const effects = await w.effectsOf(write);
    expect(effects.notes).toEqual(notes.map(on));
    expect(effects.todos).toEqual([]);
    expect(effects.emails).toEqual(emails);
    expect(effects.live).toEqual(live);
  });

  it('createNote with /label: the comment and the label note, in one write', async () => {
    const effects = await w.effectsOf(through('createNote', comment('Labelled.\n/label ~bug')));
    expect(effects.notes).toEqual([on('added ~bug label')]);
    expect(effects.live).toEqual(['updated', 'labels']);
    expect(await storedNotes(w.t.db, { type: 'Issue', id: current().id }, 'comments')).toEqual(['Labelled.']);
  });
});

describe('work item hierarchy', () => {
  it('workItemUpdate: a task joins an issue, noted on both ends; the task follows live', async () => {
    await w.effectsOf(write('POST', { title: 'Parent' }, 201));
    const parent = current();
    const task = await w.api('POST', `/projects/${w.ids.projectId}/issues`, 'author', {
      title: 'Step',
      issue_type: 'task',
    });
    expect(task.statusCode, task.body).toBe(201);
    const { id: taskId, iid: taskIid } = task.json() as { id: number; iid: number };
    const effects = await w.effectsOf(async () => {
      await w.mutate('workItemUpdate', {
        id: `gid://gitlab/WorkItem/${taskId}`,
        hierarchyWidget: { parentId: `gid://gitlab/WorkItem/${parent.id}` },
      });
      return { type: 'Issue', id: taskId };
    });
    // The parent's note first, as GitLab's hierarchy_changed writes them.
    expect(effects.notes).toEqual([
      on(`added #${taskIid} as child task`),
      `Issue#${taskId}: added #${parent.iid} as parent issue`,
    ]);
    expect(effects.todos).toEqual([]);
    expect(effects.emails).toEqual([]);
    expect(effects.live).toEqual(['updated']);
  });
});
