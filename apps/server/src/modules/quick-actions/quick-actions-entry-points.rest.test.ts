import { describe, expect, it } from 'vitest';
import { useQuickActionsWorld } from '../../test/quick-actions-world';
import { countStatements } from '../../test/statement-count';
import { cachedApplicationSettings } from '../application-settings';

/**
 * Where quick actions run: issue comments, threads and replies, epic comments, issue descriptions
 * (REST and GraphQL), the /markdown preview; and what a command line costs in statements.
 */
const { t, world, issues, newIssue, show, comment, userNotes } = useQuickActionsWorld();
const { api } = t;

describe('quick actions in comments (POST …/notes, discussions)', () => {
  it('runs the commands and stores the comment without them (201)', async () => {
    const iid = await newIssue('labels and assignees');
    const r = await comment(iid, 'Taking this.\n/label ~bug ~"in progress" ~prio::high\n/assign @qa_alice me');
    expect(r.statusCode).toBe(201);
    expect((r.json() as { body: string }).body).toBe('Taking this.');
    // GitLab's Note entity says what the commands changed, so a page knows to refetch the issue.
    expect(Object.keys(r.json().commands_changes)).toEqual(expect.arrayContaining(['add_label_ids', 'assignee_ids']));
    const issue = await show(iid);
    expect([...issue.labels].sort()).toEqual(['bug', 'in progress', 'prio::high']);
    expect(issue.assignees.map((a) => a.username).sort()).toEqual(['qa_alice', 'qa_planner']);
  });

  it('answers 202 with commands_changes and the summary for a comment made only of commands, storing none', async () => {
    const iid = await newIssue('commands only');
    const before = await userNotes(iid);
    const r = await comment(iid, '/close\n/lock');
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({
      commands_changes: { state_event: 'close', discussion_locked: true },
      summary: ['Closed this issue. Locked the discussion.'],
    });
    expect((await show(iid)).state).toBe('closed');
    const after = await userNotes(iid);
    expect(after.filter((n) => !n.startsWith('system: '))).toEqual(before.filter((n) => !n.startsWith('system: ')));
    expect(after).toContain('system: closed');
  });

  it('skips what a Guest may not run: the comment is kept, the label is not added', async () => {
    const iid = await newIssue('guarded');
    const r = await comment(iid, 'Please look\n/label ~bug', 'guest');
    expect(r.statusCode).toBe(201);
    expect((r.json() as { body: string }).body).toBe('Please look');
    expect(r.json().commands_changes).toEqual({});
    expect((await show(iid)).labels).toEqual([]);
    const only = await comment(iid, '/label ~bug', 'guest');
    expect(only.statusCode).toBe(202);
    expect(only.json()).toEqual({ commands_changes: {}, summary: ['Could not apply label command.'] });
  });

  it('runs commands in new threads and replies too', async () => {
    const iid = await newIssue('threads');
    const d = await api('POST', `${issues()}/${iid}/discussions`, 'planner', { body: 'Thread\n/weight 3' });
    expect(d.statusCode).toBe(201);
    const discussion = d.json() as { id: string; notes: { body: string; commands_changes: unknown }[] };
    expect(discussion.notes[0]?.body).toBe('Thread');
    expect(discussion.notes[0]?.commands_changes).toEqual({ weight: 3 });
    const reply = await api('POST', `${issues()}/${iid}/discussions/${discussion.id}/notes`, 'planner', {
      body: '/due 2026-12-01',
    });
    expect(reply.statusCode).toBe(202);
    expect(reply.json()).toMatchObject({ summary: ['Set the due date to Dec 1, 2026.'] });
    const issue = await show(iid);
    expect([issue.weight, issue.due_date]).toEqual([3, '2026-12-01']);
  });

  it('leaves commands in code blocks and quotes alone', async () => {
    const iid = await newIssue('code');
    const body = '```\n/close\n```\n> /close';
    const r = await comment(iid, body);
    expect(r.statusCode).toBe(201);
    expect((r.json() as { body: string }).body).toBe(body);
    expect((await show(iid)).state).toBe('opened');
  });
});

describe('quick actions in epic comments', () => {
  it('runs the epic commands and keeps the others as text', async () => {
    const notes = `/groups/${world.groupId}/epics/${world.epicId}/notes`;
    const text = await api('POST', notes, 'planner', { body: 'Sized\n/weight 3' });
    expect(text.statusCode).toBe(201);
    expect((text.json() as { body: string }).body).toBe('Sized\n/weight 3');
    const only = await api('POST', notes, 'planner', { body: '/label ~"in progress"\n/close' });
    expect(only.statusCode).toBe(202);
    expect((only.json() as { summary: string[] }).summary).toEqual(['Added ~"in progress" label. Closed this epic.']);
    const epic = (await api('GET', `/groups/${world.groupId}/epics/1`, 'planner')).json() as {
      state: string;
      labels: string[];
    };
    expect([epic.state, epic.labels]).toEqual(['closed', ['in progress']]);
    const guest = await api('POST', notes, 'guest', { body: '/reopen' });
    expect(guest.json()).toEqual({ commands_changes: {}, summary: ['Could not apply reopen command.'] });
  });
  it('resolves labels among the epic’s groups only, and writes through the epic update', async () => {
    const created = await api('POST', `/groups/${world.groupId}/epics`, 'planner', { title: 'Labels only' });
    const notes = `/groups/${world.groupId}/epics/${(created.json() as { iid: number }).iid}/notes`;
    // ~bug is a label of the project, not of the group: an epic cannot carry it.
    const r = await api('POST', notes, 'planner', {
      body: '/relabel ~"in progress"\n/label ~bug ~"in progress"\n/confidential',
    });
    expect(r.json()).toEqual({
      commands_changes: { add_labels: ['in progress'], confidential: true },
      summary: ['Added ~"in progress" label. Made this epic confidential. Could not apply relabel command.'],
    });
    const relabel = await api('POST', notes, 'planner', { body: '/relabel ~"in progress"\n/unlabel' });
    expect(relabel.json()).toEqual({
      commands_changes: { labels: [] },
      summary: ['Replaced all labels with ~"in progress" label. Removed all labels.'],
    });
    const epic = await api(
      'GET',
      `/groups/${world.groupId}/epics/${(created.json() as { iid: number }).iid}`,
      'planner',
    );
    expect(epic.json()).toMatchObject({ labels: [], confidential: true });
  });
});

describe('quick actions in descriptions (POST/PUT …/issues)', () => {
  it('runs and removes the commands of a new description', async () => {
    const iid = await newIssue('described', { description: 'Broken.\n/label ~bug\n/weight 2' });
    const issue = await show(iid);
    expect([issue.description, issue.labels, issue.weight]).toEqual(['Broken.', ['bug'], 2]);
  });

  it('runs and removes the commands of an edited description', async () => {
    const iid = await newIssue('edited');
    const r = await api('PUT', `${issues()}/${iid}`, 'planner', { description: 'Done here.\n/close' });
    expect(r.statusCode).toBe(200);
    expect([r.json().description, r.json().state]).toEqual(['Done here.', 'closed']);
  });

  it('GraphQL updateIssue goes through the same path', async () => {
    const iid = await newIssue('graphql');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { authorization: `Bearer ${t.tok.planner}`, 'content-type': 'application/json' },
      payload: {
        query: `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { iid } } }`,
        variables: { input: { projectPath: 'qaacme/web', iid: String(iid), description: 'Via GraphQL\n/label ~bug' } },
      },
    });
    expect(r.json()).toMatchObject({ data: { updateIssue: { errors: [] } } });
    const issue = await show(iid);
    expect([issue.description, issue.labels]).toEqual(['Via GraphQL', ['bug']]);
  });
});

describe('POST /markdown with render_quick_actions (IE-5)', () => {
  it('previews the text without its commands and explains them', async () => {
    const iid = await newIssue('preview');
    const r = await api('POST', '/markdown', 'planner', {
      text: 'Hello\n/label ~bug\n/due 2026-12-01\n/close',
      project: 'qaacme/web',
      render_quick_actions: true,
      target_type: 'Issue',
      target_id: iid,
    });
    expect(r.statusCode).toBe(201);
    const answer = r.json() as { html: string; body: string; references: { commands: string; explanations: string[] } };
    expect(answer.html).toBe('<p>Hello</p>');
    expect(answer.body).toBe(answer.html);
    expect(answer.references.explanations).toEqual([
      'Adds ~bug label.',
      'Sets the due date to Dec 1, 2026.',
      'Closes this issue.',
    ]);
    expect(answer.references.commands).toContain('Adds ~bug label.');
    expect((await show(iid)).state).toBe('opened');
  });

  it('explains a new issue description (no target_id) and answers a hidden issue as unknown', async () => {
    const r = await api('POST', '/markdown', 'planner', {
      text: '/label ~bug',
      project: 'qaacme/web',
      render_quick_actions: true,
    });
    expect((r.json() as { references: { explanations: string[] } }).references.explanations).toEqual([
      'Adds ~bug label.',
    ]);
    const hidden = await api('POST', '/markdown', 'planner', {
      text: '/close',
      project: 'qahidden/secret',
      render_quick_actions: true,
      target_id: 1,
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('statement counts', () => {
  it('a command line costs the same however many labels or users it names', async () => {
    const few = await newIssue('few');
    const many = await newIssue('many');
    // The settings cache expires after 5 s: refreshed before each count, neither pays for a re-read
    // on a slow (loaded) machine.
    await cachedApplicationSettings(t.db);
    const small = await countStatements(t.database, () => comment(few, '/label ~bug\n/assign @qa_alice'));
    await cachedApplicationSettings(t.db);
    const large = await countStatements(t.database, () =>
      comment(many, '/label ~bug ~"in progress" ~prio::high ~x ~y ~z\n/assign @qa_alice @qa_planner @qa_guest me'),
    );
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(60);
  });
});
