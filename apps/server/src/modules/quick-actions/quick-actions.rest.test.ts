import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { countStatements } from '../../test/statement-count';
import { cachedApplicationSettings } from '../application-settings/application-settings.service';

const t = useRestTestApp({ prefix: 'qa_', users: ['planner', 'guest', 'alice', 'outsider'] });
const { api, uid } = t;
let groupId: number;
let projectId: number;
let epicId: number;
const issues = () => `/projects/${projectId}/issues`;

async function newIssue(title: string, extra: object = {}): Promise<number> {
  const r = await api('POST', issues(), 'planner', { title, ...extra });
  expect(r.statusCode).toBe(201);
  return (r.json() as { iid: number }).iid;
}
interface ShownIssue {
  state: string;
  description: string;
  labels: string[];
  assignees: { username: string }[];
  milestone: { title: string } | null;
  iteration: { title: string } | null;
  epic?: { iid: number } | null;
  weight: number | null;
  due_date: string | null;
  health_status: string | null;
  confidential: boolean;
  discussion_locked: boolean;
}
const show = async (iid: number) => (await api('GET', `${issues()}/${iid}`, 'planner')).json() as ShownIssue;
const comment = (iid: number, body: string, who = 'planner') => api('POST', `${issues()}/${iid}/notes`, who, { body });
const userNotes = async (iid: number) =>
  (
    await t.db
      .selectFrom('notes as n')
      .innerJoin('issues as i', 'i.id', 'n.noteable_id')
      .select(['n.note', 'n.system'])
      .where('n.noteable_type', '=', 'Issue')
      .where('i.project_id', '=', projectId)
      .where('i.iid', '=', iid)
      .orderBy('n.id')
      .execute()
  ).map((n) => `${n.system ? 'system: ' : ''}${n.note}`);

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'qaacme' });
  groupId = g.id;
  projectId = (await createProject(t.db, { namespaceId: g.id, path: 'web' })).id;
  await addGroupMember(t.db, g.id, uid.planner as number, AccessLevel.PLANNER);
  await addGroupMember(t.db, g.id, uid.guest as number, AccessLevel.GUEST);
  await addGroupMember(t.db, g.id, uid.alice as number, AccessLevel.REPORTER);
  const hidden = await createGroup(t.db, { path: 'qahidden' });
  const secret = await createProject(t.db, { namespaceId: hidden.id, path: 'secret' });
  await addGroupMember(t.db, hidden.id, uid.outsider as number, AccessLevel.OWNER);
  expect((await api('POST', `/projects/${secret.id}/issues`, 'outsider', { title: 'hidden' })).statusCode).toBe(201);
  const label = (title: string, where: { project_id: number } | { group_id: number }) =>
    t.db
      .insertInto('labels')
      .values({ title, color: '#ff0000', text_color: '#ffffff', ...where })
      .execute();
  await label('bug', { project_id: projectId });
  await label('in progress', { group_id: groupId });
  await label('prio::high', { project_id: projectId });
  await t.db.insertInto('milestones').values({ iid: 1, project_id: projectId, title: 'v1' }).execute();
  const cadence = await t.db
    .insertInto('iterations_cadences')
    .values({ group_id: groupId, title: 'Sprints' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('iterations')
    .values({
      iid: 1,
      iterations_cadence_id: cadence.id,
      group_id: groupId,
      sequence: 1,
      title: 'Sprint 1',
      start_date: '2026-11-01',
      due_date: '2026-11-30',
    })
    .execute();
  const epic = await api('POST', `/groups/${groupId}/epics`, 'planner', { title: 'Epic one' });
  expect(epic.statusCode).toBe(201);
  epicId = (epic.json() as { id: number }).id;
});

describe('quick actions in comments (POST …/notes, discussions)', () => {
  it('runs the commands and stores the comment without them (201)', async () => {
    const iid = await newIssue('labels and assignees');
    const r = await comment(iid, 'Taking this.\n/label ~bug ~"in progress" ~prio::high\n/assign @qa_alice me');
    expect(r.statusCode).toBe(201);
    expect((r.json() as { body: string }).body).toBe('Taking this.');
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
    expect((await show(iid)).labels).toEqual([]);
    const only = await comment(iid, '/label ~bug', 'guest');
    expect(only.statusCode).toBe(202);
    expect(only.json()).toEqual({ commands_changes: {}, summary: ['Could not apply label command.'] });
  });

  it('runs commands in new threads and replies too', async () => {
    const iid = await newIssue('threads');
    const d = await api('POST', `${issues()}/${iid}/discussions`, 'planner', { body: 'Thread\n/weight 3' });
    expect(d.statusCode).toBe(201);
    const discussion = d.json() as { id: string; notes: { body: string }[] };
    expect(discussion.notes[0]?.body).toBe('Thread');
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

describe('each command group', () => {
  it('milestone, iteration, due date, weight, health status and their removal', async () => {
    const iid = await newIssue('planning');
    const set = await comment(
      iid,
      '/milestone %v1\n/iteration *iteration:"Sprint 1"\n/due in 2 days\n/weight 5\n/health_status at_risk',
    );
    expect(set.statusCode).toBe(202);
    const summary = (set.json() as { summary: string[] }).summary[0];
    expect(summary).toContain('Set the milestone to %v1.');
    expect(summary).toContain('Set the iteration to *iteration:"Sprint 1".');
    expect(summary).toContain('Set weight to 5. Set health status to at_risk.');
    let issue = await show(iid);
    expect([issue.milestone?.title, issue.iteration?.title, issue.weight, issue.health_status]).toEqual([
      'v1',
      'Sprint 1',
      5,
      'at_risk',
    ]);
    expect(issue.due_date).not.toBeNull();
    const cleared = await comment(
      iid,
      '/remove_milestone\n/remove_iteration\n/remove_due_date\n/clear_weight\n/clear_health_status',
    );
    expect(cleared.json()).toEqual({
      commands_changes: { milestone_id: null, iteration_id: null, due_date: null, weight: null, health_status: null },
      summary: [
        'Removed %v1 milestone. Removed *iteration:"Sprint 1" iteration. Removed the due date. Cleared weight. Cleared health status.',
      ],
    });
    issue = await show(iid);
    expect([issue.milestone, issue.iteration, issue.due_date, issue.weight, issue.health_status]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('unassign, unlabel, relabel, copy_metadata', async () => {
    const source = await newIssue('source', { labels: 'bug', milestone_id: undefined });
    await comment(source, '/milestone %v1');
    const iid = await newIssue('target');
    await comment(iid, '/assign @qa_alice @qa_planner\n/label ~"in progress" ~prio::high');
    const r = await comment(iid, '/unassign @qa_alice\n/unlabel ~"in progress"');
    expect((r.json() as { summary: string[] }).summary).toEqual([
      'Removed assignee @qa_alice. Removed ~"in progress" label.',
    ]);
    let issue = await show(iid);
    expect(issue.assignees.map((a) => a.username)).toEqual(['qa_planner']);
    expect(issue.labels).toEqual(['prio::high']);
    await comment(iid, '/relabel ~bug');
    expect((await show(iid)).labels).toEqual(['bug']);
    const copy = await comment(iid, `/unlabel\n/copy_metadata #${source}`);
    expect((copy.json() as { summary: string[] }).summary).toEqual([
      `Removed all labels. Copied labels and milestone from #${source}.`,
    ]);
    issue = await show(iid);
    expect([issue.labels, issue.milestone?.title]).toEqual([['bug'], 'v1']);
    await comment(iid, '/unassign');
    expect((await show(iid)).assignees).toEqual([]);
  });

  it('/spend adds a timelog with its system note; /estimate sets the estimate; removals', async () => {
    const iid = await newIssue('time');
    const r = await comment(iid, '/spend 1h\n/estimate 1d 2h');
    expect(r.json()).toEqual({
      commands_changes: { spend_time: { duration: 3600, user_id: uid.planner }, time_estimate: 36000 },
      summary: ['Added 1h spent time. Set time estimate to 1d 2h.'],
    });
    const stats = (await api('GET', `${issues()}/${iid}/time_stats`, 'planner')).json() as Record<string, number>;
    expect([stats.time_estimate, stats.total_time_spent]).toEqual([36000, 3600]);
    const logs = await t.db
      .selectFrom('timelogs as tl')
      .innerJoin('issues as i', 'i.id', 'tl.issue_id')
      .select(['tl.time_spent', 'tl.user_id'])
      .where('i.project_id', '=', projectId)
      .where('i.iid', '=', iid)
      .execute();
    expect(logs).toEqual([{ time_spent: 3600, user_id: uid.planner }]);
    expect(await userNotes(iid)).toEqual(
      expect.arrayContaining(['system: added 1h of time spent', 'system: changed time estimate to 1d 2h']),
    );
    await comment(iid, '/spend 30m 2020-01-15');
    const dated = await t.db
      .selectFrom('timelogs as tl')
      .innerJoin('issues as i', 'i.id', 'tl.issue_id')
      .select('tl.spent_at')
      .where('i.project_id', '=', projectId)
      .where('i.iid', '=', iid)
      .where('tl.time_spent', '=', 1800)
      .executeTakeFirstOrThrow();
    expect(new Date(dated.spent_at).toISOString().slice(0, 10)).toBe('2020-01-15');
    await comment(iid, '/remove_time_spent\n/remove_estimate');
    const after = (await api('GET', `${issues()}/${iid}/time_stats`, 'planner')).json() as Record<string, number>;
    expect([after.time_estimate, after.total_time_spent]).toEqual([0, 0]);
  });

  it('/close and /reopen, /confidential, /lock and /unlock follow the issue state', async () => {
    const iid = await newIssue('states');
    expect((await comment(iid, '/reopen')).json()).toMatchObject({ summary: ['Could not apply reopen command.'] });
    await comment(iid, '/close');
    expect((await show(iid)).state).toBe('closed');
    await comment(iid, '/reopen\n/confidential\n/lock');
    let issue = await show(iid);
    expect([issue.state, issue.confidential, issue.discussion_locked]).toEqual(['opened', true, true]);
    await comment(iid, '/unlock');
    issue = await show(iid);
    expect(issue.discussion_locked).toBe(false);
  });

  it('/epic and /remove_epic; /promote', async () => {
    const iid = await newIssue('epic child');
    const r = await comment(iid, '/epic &1');
    expect(r.json()).toMatchObject({ summary: ['Added an issue to an epic.'] });
    expect((await show(iid)).epic?.iid).toBe(1);
    await comment(iid, '/remove_epic');
    expect((await show(iid)).epic ?? null).toBeNull();
    const promoted = await comment(iid, '/promote');
    expect(promoted.json()).toMatchObject({ summary: ['Promoted issue to an epic.'] });
    expect((await show(iid)).state).toBe('closed');
  });

  it('/relate, /blocks, /blocked_by link visible issues and never tell a hidden one exists', async () => {
    const a = await newIssue('relate a');
    const b = await newIssue('relate b');
    const c = await newIssue('relate c');
    const d = await newIssue('relate d');
    const r = await comment(a, `/relate #${b} qahidden/secret#1\n/blocks #${c}\n/blocked_by #${d}`);
    expect((r.json() as { summary: string[] }).summary).toEqual([
      `Added #${b} as a linked item related to this issue. Added #${c} as a linked item blocked by this issue. Added #${d} as a linked item blocking this issue.`,
    ]);
    const links = (await api('GET', `${issues()}/${a}/links`, 'planner')).json() as {
      iid: number;
      link_type: string;
    }[];
    expect(links.map((l) => [l.iid, l.link_type]).sort()).toEqual(
      [
        [b, 'relates_to'],
        [c, 'blocks'],
        [d, 'is_blocked_by'],
      ].sort(),
    );
    const hidden = await comment(a, '/relate qahidden/secret#1');
    const missing = await comment(a, '/relate qahidden/secret#999');
    expect(hidden.statusCode).toBe(202);
    expect(hidden.body).toBe(missing.body);
    expect(hidden.json()).toEqual({ commands_changes: {}, summary: ['Could not apply relate command.'] });
  });

  it('a hidden or unknown epic, user, label or milestone is skipped the same way', async () => {
    const iid = await newIssue('unknowns');
    const r = await comment(iid, '/epic qahidden&1\n/assign @qa_outsider\n/label ~nothing\n/milestone %nope');
    expect(r.json()).toEqual({
      commands_changes: {},
      summary: [
        'Could not apply epic command. Could not apply assign command. Could not apply label command. Could not apply milestone command.',
      ],
    });
  });
});

describe('quick actions in epic comments', () => {
  it('runs the epic commands and keeps the others as text', async () => {
    const notes = `/groups/${groupId}/epics/${epicId}/notes`;
    const text = await api('POST', notes, 'planner', { body: 'Sized\n/weight 3' });
    expect(text.statusCode).toBe(201);
    expect((text.json() as { body: string }).body).toBe('Sized\n/weight 3');
    const only = await api('POST', notes, 'planner', { body: '/label ~"in progress"\n/close' });
    expect(only.statusCode).toBe(202);
    expect((only.json() as { summary: string[] }).summary).toEqual(['Added ~"in progress" label. Closed this epic.']);
    const epic = (await api('GET', `/groups/${groupId}/epics/1`, 'planner')).json() as {
      state: string;
      labels: string[];
    };
    expect([epic.state, epic.labels]).toEqual(['closed', ['in progress']]);
    const guest = await api('POST', notes, 'guest', { body: '/reopen' });
    expect(guest.json()).toEqual({ commands_changes: {}, summary: ['Could not apply reopen command.'] });
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
