import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiClient, createUsersWithTokens } from '../../../test/api-client';
import { issueLine, projectLine } from '../../../test/archive-lines';
import { archiveOf, entries, GROUP, USER } from '../../../test/group-archive-builder';
import { multipartBody } from '../../../test/multipart-body';
import { useTestApp } from '../../../test/use-test-app';

/**
 * Archive records the database refuses (a label colour no label may have) are skipped with the
 * reason while the rest of their batch goes in; an epic whose parent is a later line of the file is
 * linked once every epic exists.
 */
const tok: Record<string, string> = {};
const t = useTestApp(async ({ db }) => {
  await createUsersWithTokens(db, ['owner'], { prefix: 'ar-', into: { tok } });
});
const api = apiClient(() => t.app, tok);

const at = '2026-01-01T00:00:00.000Z';
const label = (title: string, color: string) =>
  JSON.stringify({
    group_path: 'acme',
    project_path: null,
    title,
    color,
    text_color: '#FFFFFF',
    description: '',
    priority: null,
    created_at: at,
    updated_at: at,
  });
const epic = (iid: number, parent: number | null) =>
  JSON.stringify({
    group_path: 'acme',
    iid,
    title: `Epic ${iid}`,
    description: '',
    state: 'opened',
    confidential: false,
    color: '#1068bf',
    author: USER.username,
    closed_by: null,
    start_date_is_fixed: false,
    start_date_fixed: null,
    due_date_is_fixed: false,
    due_date_fixed: null,
    start_date: null,
    end_date: null,
    relative_position: null,
    parent: parent === null ? null : { group_path: 'acme', iid: parent },
    labels: ['bug'],
    created_at: at,
    updated_at: at,
    closed_at: null,
  });

const issue = (iid: number, issueType = 'issue') =>
  issueLine(iid, `Issue ${iid}`, USER.username, [USER.username], {
    issue_type: issueType,
    description: `Follows #${iid - 1}, see ~bug`,
    labels: ['bug'],
  });
const note = (id: number, iid: number) =>
  JSON.stringify({
    id,
    noteable_type: 'Issue',
    noteable: { project_path: 'acme/web', iid },
    note: `Note ${id} on **#${iid}**`,
    author: USER.username,
    system: false,
    internal: false,
    discussion_id: `d${id}`,
    resolvable: false,
    resolved_at: null,
    resolved_by: null,
    created_at: at,
    updated_at: at,
  });

async function importArchive(path: string, groupPath: string) {
  const body = multipartBody({
    name: groupPath,
    path: groupPath,
    file: { filename: 'a.tar.gz', data: readFileSync(path) },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v4/groups/import',
    headers: { ...body.headers, 'private-token': tok.owner ?? '' },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id: groupId, import_job: job } = res.json();
  expect(await t.app.importWorker?.pollNow()).toEqual(['finished']);
  return { groupId: groupId as number, jobId: job.id as number };
}

describe('importing records the database refuses', () => {
  it('writes a batch of issues and notes together, and skips the one refused while the others are kept', async () => {
    const path = await archiveOf(
      entries({
        users: [JSON.stringify(USER)],
        groups: [JSON.stringify(GROUP)],
        projects: [projectLine()],
        labels: [label('bug', '#d9534f')],
        // Issue 2's type is not one of this instance's: the issues' insert is refused, each is tried alone.
        issues: [issue(1), issue(2, 'epic'), issue(3)],
        notes: [note(10, 1), note(11, 2), note(12, 3), note(13, 3)],
      }),
    );
    const { groupId, jobId } = await importArchive(path, 'ar-issues');
    const skipped = (await api('GET', `/groups/${groupId}/import_jobs/${jobId}/skipped`, 'owner')).json();
    expect(skipped).toEqual([
      { kind: 'issues', source_id: 'acme/web#2', reason: expect.stringMatching(/^refused: .*issues_issue_type_check/) },
      { kind: 'notes', source_id: '11', reason: "the note's issue is not in the import" },
    ]);
    const issues = await t.db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select(['i.id', 'i.iid', 'i.description_html'])
      .where('n.id', '=', groupId)
      .orderBy('i.iid')
      .execute();
    expect(issues.map((i) => i.iid)).toEqual([1, 3]);
    // The import renders no Markdown: the first read does, against the project here, and stores it.
    expect(issues.map((i) => i.description_html)).toEqual([null, null]);
    const project = encodeURIComponent('ar-issues/web');
    const shown = (await api('GET', `/projects/${project}/issues/3`, 'owner')).json();
    const stored = await t.db
      .selectFrom('issues')
      .select('description_html')
      .where('id', '=', issues[1]?.id as number)
      .executeTakeFirst();
    // Stored as rendered: the reference to #2 links into ar-issues/web. The reader is shown #2 as text
    // (the issue was refused, so nobody may read it), and the label as a link.
    expect(stored?.description_html).toContain('href="/ar-issues/web/-/issues/2"');
    expect(shown.description_html).toContain('<p>Follows #2, see <a href="/ar-issues/web/-/issues?label_name[]=bug"');
    const ids = issues.map((i) => i.id);
    const assignees = await t.db
      .selectFrom('issue_assignees')
      .select('issue_id')
      .where('issue_id', 'in', ids)
      .execute();
    const labels = await t.db.selectFrom('issue_labels').select('issue_id').where('issue_id', 'in', ids).execute();
    expect(assignees.map((a) => a.issue_id).sort()).toEqual([...ids].sort());
    expect(labels.map((l) => l.issue_id).sort()).toEqual([...ids].sort());
    const notes = await t.db
      .selectFrom('notes')
      .select(['noteable_id', 'note', 'note_html'])
      .where('noteable_type', '=', 'Issue')
      .where('noteable_id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(notes.map((n) => [n.noteable_id, n.note])).toEqual([
      [ids[0], 'Note 10 on **#1**'],
      [ids[1], 'Note 12 on **#3**'],
      [ids[1], 'Note 13 on **#3**'],
    ]);
    expect(notes.map((n) => n.note_html)).toEqual([null, null, null]);
    const [shownNote] = (await api('GET', `/projects/${project}/issues/1/notes?sort=asc`, 'owner')).json();
    expect(shownNote.body_html).toContain('<strong><a href="/ar-issues/web/-/issues/1"');
  });

  it('skips them with the reason, keeps the rest of the batch, and links epics to later parents', async () => {
    const path = await archiveOf(
      entries({
        users: [JSON.stringify(USER)],
        groups: [JSON.stringify(GROUP)],
        labels: [label('bug', '#d9534f'), label('broken', 'red'), label('ux', '#428bca')],
        // Epic 1's parent is epic 2, a later line.
        epics: [epic(1, 2), epic(2, null)],
      }),
    );
    const { groupId, jobId } = await importArchive(path, 'ar-acme');

    const skipped = (await api('GET', `/groups/${groupId}/import_jobs/${jobId}/skipped`, 'owner')).json();
    expect(skipped).toEqual([
      { kind: 'labels', source_id: 'acme||broken', reason: expect.stringMatching(/^refused: .*labels_color_check/) },
    ]);
    const labels = (await api('GET', `/groups/${groupId}/labels`, 'owner')).json() as Array<{ name: string }>;
    expect(labels.map((l) => l.name).sort()).toEqual(['bug', 'ux']);
    const epics = (await api('GET', `/groups/${groupId}/epics?sort=asc&order_by=created_at`, 'owner')).json() as Array<{
      iid: number;
      parent_iid: number | null;
      labels: string[];
    }>;
    expect(epics.map((e) => [e.iid, e.parent_iid, e.labels]).sort()).toEqual([
      [1, 2, ['bug']],
      [2, null, ['bug']],
    ]);
  });
});
