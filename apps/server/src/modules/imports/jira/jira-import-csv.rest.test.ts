import { describe, expect, it } from 'vitest';
import { JIRA_CSV_SAMPLE as CSV, type JiraJson as Json, useJiraImportTest } from '../../../test/jira/jira-import-kit';

/**
 * Issue 32's Jira importer: the CSV and JSON samples (written from Jira's documented formats, in
 * src/test/jira/) import with their hierarchy, comments, links, labels, milestones, people, states and
 * dates — compared field by field through Meridian's API —; a job cut short resumes without
 * duplicates; what is not a Jira file is refused with the reason, and nothing is created.
 */
const jira = useJiraImportTest('jic_');
const { t, projects } = jira;

describe('Jira CSV import', () => {
  it('previews the file: its types and statuses with their default mapping, what will be created, who is matched', async () => {
    const res = await jira.upload(`/projects/${projects.fromcsv}/import/jira/preview`, 'maint', CSV, 'jira.csv');
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ format: 'csv', site: null, issue_count: 20, mapping_problem: null });
    expect(preview.imported_before).toEqual({ count: 0, issues: [] });
    expect(preview.types).toEqual([
      { name: 'Epic', count: 2, subtask: false, kind: 'epic', label: '' },
      { name: 'Story', count: 6, subtask: false, kind: 'issue', label: 'type::story' },
      { name: 'Bug', count: 3, subtask: false, kind: 'issue', label: 'type::bug' },
      { name: 'Task', count: 3, subtask: false, kind: 'issue', label: 'type::task' },
      { name: 'Sub-task', count: 4 + 1, subtask: true, kind: 'task', label: '' },
      { name: 'Improvement', count: 1, subtask: false, kind: 'issue', label: 'type::improvement' },
    ]);
    expect(preview.statuses.map((s: { name: string; state: string }) => `${s.name}: ${s.state}`)).toEqual([
      'In Progress: opened',
      'Done: closed',
      'In Review: opened',
      'To Do: opened',
      'Closed: closed',
      'Open: opened',
      'Backlog: opened',
      'Resolved: closed',
    ]);
    expect(preview.counts).toEqual({
      user: 5,
      milestone: 2,
      epic: 2,
      issue: 18,
      parent_link: 5,
      epic_link: 8,
      issue_link: 5,
      note: 8,
      history: 0,
      timelog: 4,
      watcher: 3,
    });
    expect(preview.mapped_to_skip).toBe(0);
    expect(preview.people_matched).toBe(3);
    expect(preview.milestones).toEqual(['1.0', '1.1']);
    expect(preview.epic_group).toEqual({ full_path: 'jiacme', may_create_epics: true });
    expect(await t.db.selectFrom('import_jobs').select('id').execute()).toEqual([]);
  });

  it('imports epics, issues, sub-tasks, links, comments, work logs and watchers, field by field', async () => {
    const res = await jira.upload(`/projects/${projects.fromcsv}/import/jira_csv`, 'maint', CSV, 'jira.csv');
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json().import_job;
    expect(job).toMatchObject({ kind: 'jira_csv', state: 'created', source_name: 'jira.csv' });
    expect(await jira.runJobs('worker-csv', { batchSize: 7 })).toEqual(['finished']);

    const done = await jira.get(`/projects/${projects.fromcsv}/import_jobs/${job.id}`);
    expect(done).toMatchObject({ state: 'finished', percent: 100, error: null, processed: 60, total: 60 });
    expect(done.counters).toEqual({
      user: { done: 5, skipped: 0, total: 5 },
      milestone: { done: 2, skipped: 0, total: 2 },
      epic: { done: 2, skipped: 0, total: 2 },
      issue: { done: 18, skipped: 0, total: 18 },
      parent_link: { done: 4, skipped: 1, total: 5 },
      epic_link: { done: 7, skipped: 1, total: 8 },
      issue_link: { done: 4, skipped: 1, total: 5 },
      note: { done: 8, skipped: 0, total: 8 },
      history: { done: 0, skipped: 0, total: 0 },
      timelog: { done: 4, skipped: 0, total: 4 },
      watcher: { done: 2, skipped: 1, total: 3 },
    });
    expect(await jira.skipsOf(projects.fromcsv as number, job.id)).toEqual([
      { kind: 'custom_field', source_id: 'Epic Name', reason: 'custom field left out (2 issues have it)' },
      { kind: 'epic_link', source_id: 'MER-19', reason: 'its epic OPS-99 is not in the file' },
      { kind: 'issue_link', source_id: 'blocks:MER-20>OPS-5', reason: 'the linked issue OPS-5 is not in the file' },
      { kind: 'parent_link', source_id: 'MER-18', reason: 'its parent 10999 is not in the file' },
      { kind: 'watcher', source_id: 'MER-3>dmitri', reason: 'dmitri has no account here (placeholder user)' },
    ]);

    const pid = projects.fromcsv as number;
    const issues = await jira.issuesOf(pid);
    expect(issues.size).toBe(18);
    const issue = (title: string) => issues.get(title) as Json;

    // A story: author by email (carol), assignee by username (alice), labels, milestone, sprint, estimate and time spent.
    expect(issue('Pay with saved card')).toMatchObject({
      state: 'opened',
      issue_type: 'issue',
      imported: true,
      imported_from: 'jira',
      author: { username: 'carol_m' },
      assignees: [{ username: 'alice' }],
      labels: ['checkout', 'payments', 'priority::High', 'sprint::MER Sprint 2', 'status::In Review', 'type::story'],
      milestone: { title: '1.0' },
      created_at: '2024-01-10T11:00:00.000Z',
      updated_at: '2024-01-16T09:45:00.000Z',
      closed_at: null,
      due_date: null,
      time_stats: { time_estimate: 28800, total_time_spent: 7200 },
    });
    expect(issue('Pay with saved card').description).toBe(
      [
        'As a returning customer I want to pay with a saved card.',
        '',
        '### Acceptance',
        '1. the card list shows the last 4 digits',
        '1. CVC is asked again',
        '',
        '```javascript',
        'const card = cards[0]; // "default", first',
        '```',
        '',
        '---',
        '',
        '_Imported from Jira: MER-3_',
        '- Earlier sprints: MER Sprint 1',
      ].join('\n'),
    );
    // A bug closed in Jira: closed at its resolution date; its second fix version and component in the footer.
    expect(issue('Total shows €0,00 for free orders')).toMatchObject({
      state: 'closed',
      closed_at: '2024-01-19T18:00:00.000Z',
      author: { username: 'alice' },
      assignees: [{ username: 'carol_m' }],
      labels: ['priority::Highest', 'regression', 'sprint::MER Sprint 1', 'status::Done', 'type::bug'],
      milestone: { title: '1.0' },
      time_stats: { time_estimate: 3600, total_time_spent: 5400 },
    });
    expect(issue('Total shows €0,00 for free orders').description).toContain(
      '_Imported from Jira: MER-4_\n- Resolution: Fixed\n- Components: Cart\n- Also fixed in: 1.1',
    );
    expect(issue('Release 1.0 checklist')).toMatchObject({ due_date: '2024-03-01', state: 'opened' });
    expect(issue('Colour contrast on buttons')).toMatchObject({
      state: 'closed',
      labels: expect.arrayContaining(['a11y', 'design', 'status::Closed']),
    });
    expect(issue('日本語の請求書')).toMatchObject({ title: '日本語の請求書', author: { username: 'alice' } });
    // Sub-tasks are tasks; an unknown person (dmitri) is a placeholder holding their work.
    expect(issue('Write card form tests')).toMatchObject({
      issue_type: 'task',
      state: 'closed',
      assignees: [{ username: 'dmitri_placeholder' }],
      time_stats: { time_estimate: 7200, total_time_spent: 3600 },
    });
    expect(issue('Orphan sub-task of a moved issue')).toMatchObject({ issue_type: 'task' });

    // The hierarchy: sub-tasks under their parents, issues under their epics (Epic Link, and Parent for team-managed).
    expect(await jira.childrenOf(issue('Pay with saved card').id)).toEqual([
      'Task: Handle 3-D Secure challenge',
      'Task: Write card form tests',
    ]);
    expect(await jira.childrenOf(issue('Crash when the basket is empty').id)).toEqual(['Task: Reproduce on Safari']);
    expect(await jira.childrenOf(issue('日本語の請求書').id)).toEqual(['Task: Translate invoice template']);
    const epics = await jira.epicsOf();
    const checkout = epics.get('Checkout redesign') as Json;
    const a11y = epics.get('Accessibility, audits & fixes') as Json;
    expect(checkout).toMatchObject({
      state: 'opened',
      author: { username: 'alice' },
      labels: ['checkout', 'priority::High', 'status::In Progress'],
      due_date: '2024-03-29',
      due_date_is_fixed: true,
      created_at: '2024-01-02T09:00:00.000Z',
      imported: true,
      imported_from: 'jira',
    });
    expect(a11y).toMatchObject({ state: 'closed', closed_at: '2024-02-20T17:30:00.000Z', author: { username: 'bob' } });
    expect(await jira.epicIssues(checkout.iid)).toEqual([
      'Guest checkout',
      'Pay with saved card',
      'Total shows €0,00 for free orders',
      'Upgrade payment SDK',
    ]);
    expect(await jira.epicIssues(a11y.iid)).toEqual([
      'Colour contrast on buttons',
      'Screen reader labels on the cart',
      '日本語の請求書',
    ]);

    // Comments with their authors and dates (a `;` and a new line in the body kept); epics' comments too.
    expect(await jira.notesOf(pid, issue('Pay with saved card').iid)).toEqual([
      { body: 'Started on the API side.', author: 'alice', created_at: '2024-01-11T09:30:00.000Z', system: false },
      {
        body: 'Looks good; one nit: keep the "Pay" button, not "Submit".\nSecond line of the comment.',
        author: 'carol_m',
        created_at: '2024-01-12T15:45:00.000Z',
        system: false,
      },
      {
        body: 'Tests are green on staging ✅',
        author: 'dmitri_placeholder',
        created_at: '2024-01-16T09:45:00.000Z',
        system: false,
      },
    ]);
    const epicNotes = (await jira.get(`/groups/${jira.groupId()}/epics/${checkout.iid}/notes`)) as Array<{
      body: string;
    }>;
    expect(epicNotes.map((n) => n.body)).toEqual(['Kick-off notes are in the wiki.']);

    // Links: Blocks keeps its direction (the inward side of the same link is not a second one), Relates both ways.
    expect(await jira.linksOf(pid, issue('Release 1.0 checklist').iid)).toEqual([
      'is_blocked_by Total shows €0,00 for free orders',
      'relates_to Crash when the basket is empty',
    ]);
    expect(await jira.linksOf(pid, issue('Pay with saved card').iid)).toEqual(['relates_to Upgrade payment SDK']);

    // Versions are the project's milestones; watchers with an account subscribe.
    const milestones = (await jira.get(`/projects/${pid}/milestones`)) as Json[];
    expect(milestones.map((m) => m.title).sort()).toEqual(['1.0', '1.1']);
    const watchers = await t.db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.username', 's.subscribable_type'])
      .where('s.subscribable_id', 'in', [issue('Pay with saved card').id, checkout.id])
      .orderBy('s.subscribable_type')
      .execute();
    expect(watchers).toEqual([
      { username: 'alice', subscribable_type: 'Epic' },
      { username: 'alice', subscribable_type: 'Issue' },
    ]);
    const people = await t.db
      .selectFrom('import_source_users')
      .select(['source_username', 'status'])
      .where('source_hostname', '=', 'jira')
      .orderBy('source_username')
      .execute();
    expect(people).toEqual([
      { source_username: 'alice', status: 'completed' },
      { source_username: 'bob', status: 'completed' },
      { source_username: 'carol@example.com', status: 'completed' },
      { source_username: 'dmitri', status: 'pending_reassignment' },
      { source_username: 'zoe', status: 'pending_reassignment' },
    ]);
  });

  it('warns in the preview when the file was imported into the project before (a re-import makes copies)', async () => {
    const res = await jira.upload(`/projects/${projects.fromcsv}/import/jira/preview`, 'maint', CSV, 'jira.csv');
    expect(res.statusCode, res.body).toBe(200);
    const before = res.json().imported_before as { count: number; issues: Array<{ key: string; iid: number }> };
    // The 18 issues (epics are the group's, counted apart) of the import above, with their iids here.
    expect(before.count).toBe(18);
    expect(before.issues.length).toBe(10);
    const issues = await jira.issuesOf(projects.fromcsv as number);
    const first = before.issues[0] as { key: string; iid: number };
    expect([...issues.values()].some((i) => i.iid === first.iid && String(i.description).includes(first.key))).toBe(
      true,
    );
  });

  it('resumes a job cut short after a batch (kill -9) without creating anything twice', async () => {
    const res = await jira.upload(`/projects/${projects.resumed}/import/jira_csv`, 'maint', CSV, 'again.csv');
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().import_job.id;
    const before = await jira.rowCounts();
    // The first process commits four batches (the people, the milestones, the epics, 3 issues), then dies.
    expect(await jira.runJobs('dying', { batchSize: 3, maxBatches: 5 })).toEqual(['interrupted']);
    const half = await t.db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(half).toMatchObject({ state: 'started', claimed_by: 'dying' });
    expect((half.counters as Record<string, { done: number }>).issue?.done).toBe(3);
    await t.db
      .updateTable('import_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 120_000) })
      .where('id', '=', jobId)
      .execute();
    expect(await jira.runJobs('other', { batchSize: 3 })).toEqual(['finished']);
    const after = await jira.rowCounts();
    // The same as one uninterrupted run of the file: 18 issues, 2 epics, 8 + 0 notes, 4 links, 4 work logs, 7 epic links.
    expect({
      issues: after.issues - before.issues,
      epics: after.epics - before.epics,
      notes: after.notes - before.notes,
      issue_links: after.issue_links - before.issue_links,
      timelogs: after.timelogs - before.timelogs,
      epic_issues: after.epic_issues - before.epic_issues,
      // The people were matched or made placeholders by the first import into this group: no one new.
      users: after.users - before.users,
    }).toEqual({ issues: 18, epics: 2, notes: 8, issue_links: 4, timelogs: 4, epic_issues: 7, users: 0 });
    const job = await jira.get(`/projects/${projects.resumed}/import_jobs/${jobId}`);
    expect(job.counters.issue).toEqual({ done: 18, skipped: 0, total: 18 });
    expect(job.counters.note).toEqual({ done: 8, skipped: 0, total: 8 });
    const iids = ((await jira.get(`/projects/${projects.resumed}/issues?per_page=100&scope=all`)) as Json[])
      .map((i) => i.iid)
      .sort((a, b) => a - b);
    expect(iids).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
  });

  it('runs with the mapping chosen before the start, stored on the job', async () => {
    const mapping = JSON.stringify({
      types: { Bug: { kind: 'skip' }, Epic: { kind: 'issue', label: 'type::epic' } },
      statuses: { 'In Review': 'closed' },
    });
    const preview = await jira.upload(`/projects/${projects.mapped}/import/jira/preview`, 'maint', CSV, 'x.csv', {
      mapping,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().counts).toMatchObject({ epic: 0, issue: 17 });
    expect(preview.json().mapped_to_skip).toBe(3);
    const res = await jira.upload(`/projects/${projects.mapped}/import/jira_csv`, 'maint', CSV, 'x.csv', { mapping });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().import_job.id;
    const stored = await t.db
      .selectFrom('import_jobs')
      .select('source_options')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(stored.source_options).toMatchObject({
      types: { Bug: { kind: 'skip', label: 'type::bug' }, Epic: { kind: 'issue', label: 'type::epic' } },
      statuses: { 'In Review': 'closed', Done: 'closed' },
    });
    expect(await jira.runJobs('worker-mapped')).toEqual(['finished']);
    const issues = await jira.issuesOf(projects.mapped as number);
    expect(issues.size).toBe(17);
    expect(issues.has('Total shows €0,00 for free orders')).toBe(false);
    expect(issues.get('Checkout redesign')).toMatchObject({
      issue_type: 'issue',
      labels: expect.arrayContaining(['type::epic']),
    });
    expect(issues.get('Pay with saved card')).toMatchObject({ state: 'closed', closed_at: '2024-01-16T09:45:00.000Z' });
    const skips = await jira.skipsOf(projects.mapped as number, jobId);
    expect(skips.filter((s) => s.kind === 'issue').map((s) => `${s.source_id}: ${s.reason}`)).toEqual([
      'MER-4: its type Bug is mapped to be skipped',
      'MER-10: its type Bug is mapped to be skipped',
      'MER-15: its type Bug is mapped to be skipped',
    ]);
    // An issue under an epic mapped to an issue has no epic to be in: reported, not lost silently.
    expect(skips).toContainEqual({
      kind: 'epic_link',
      source_id: 'MER-3',
      reason: 'its epic MER-1 is not imported as an epic',
    });
  });
});
