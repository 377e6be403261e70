import { describe, expect, it } from 'vitest';
import { useQuickActionsWorld } from '../../test/quick-actions-world';

/** What each quick action does to an issue, and how a hidden or unknown target is skipped. */
const { t, world, issues, newIssue, show, comment, userNotes } = useQuickActionsWorld();
const { api, uid } = t;

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
      .where('i.project_id', '=', world.projectId)
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
      .where('i.project_id', '=', world.projectId)
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
