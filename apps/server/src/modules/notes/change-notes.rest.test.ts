import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { storedNotes } from '../../test/stored-notes';

/** GitLab's system notes for field changes of issues and merge requests (the activity stream). */

const t = useRestTestApp({ prefix: 'cn_', users: ['dev', 'ann', 'ben'] });
const { api } = t;
let projectId = 0;

const systemNotes = (type: 'Issue' | 'MergeRequest', id: number) => storedNotes(t.db, { type, id }, 'system');

const labelId = async (title: string) =>
  (await t.db.selectFrom('labels').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'cnotes' });
  projectId = (await createProject(t.db, { namespaceId: group.id, path: 'app' })).id;
  for (const who of ['dev', 'ann', 'ben'] as const) {
    await addGroupMember(t.db, group.id, t.uid[who] as number, AccessLevel.DEVELOPER);
  }
});

describe('issue updates write a system note per changed field', () => {
  it('title, description, confidentiality, due date, weight, health status, lock, assignees, labels', async () => {
    const made = await api('POST', `/projects/${projectId}/issues`, 'dev', {
      title: 'Before',
      assignee_ids: [t.uid.ann],
      labels: 'old',
    });
    const { iid, id } = made.json() as { iid: number; id: number };
    const url = `/projects/${projectId}/issues/${iid}`;
    const res = await api('PUT', url, 'dev', {
      title: 'After',
      description: 'New text',
      confidential: true,
      due_date: '2026-12-01',
      weight: 3,
      health_status: 'at_risk',
      discussion_locked: true,
      assignee_ids: [t.uid.ben],
      labels: 'new',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await systemNotes('Issue', id)).toEqual([
      // The first values are noted at creation, as GitLab does.
      `added ~${await labelId('old')} label`,
      'assigned to @cn_ann',
      'changed title from **Before** to **After**',
      'changed the description',
      'made the issue confidential',
      'changed due date to Dec 1, 2026',
      'changed weight to **3**',
      'changed health status to **at risk**',
      'locked the discussion in this issue',
      `added ~${await labelId('new')} label and removed ~${await labelId('old')} label`,
      'assigned to @cn_ben and unassigned @cn_ann',
    ]);
  });

  it('writes nothing for values that stay the same, and says what was removed', async () => {
    const made = await api('POST', `/projects/${projectId}/issues`, 'dev', { title: 'Same', weight: 2 });
    const { iid, id } = made.json() as { iid: number; id: number };
    const url = `/projects/${projectId}/issues/${iid}`;
    await api('PUT', url, 'dev', { title: 'Same', weight: 2, confidential: false, labels: '' });
    expect(await systemNotes('Issue', id)).toEqual([]);
    await api('PUT', url, 'dev', { weight: null });
    expect(await systemNotes('Issue', id)).toEqual(['removed the weight']);
  });
});

describe('merge request updates', () => {
  it('reviewers, assignees, labels, lock and title; a draft prefix is a draft note, not a title change', async () => {
    const { iid, id } = await openMergeRequest(api, projectId, 'dev', { title: 'Feature', source_branch: 'feature' });
    const url = `/projects/${projectId}/merge_requests/${iid}`;
    await api('PUT', url, 'dev', { title: 'Draft: Feature' });
    await api('PUT', url, 'dev', {
      title: 'Draft: Better feature',
      reviewer_ids: [t.uid.ann, t.uid.ben],
      assignee_ids: [t.uid.dev],
      add_labels: 'review',
      discussion_locked: true,
    });
    await api('PUT', url, 'dev', { reviewer_ids: [t.uid.ben] });
    expect(await systemNotes('MergeRequest', id)).toEqual([
      'marked this merge request as **draft**',
      'changed title from **Feature** to **Better feature**',
      'locked the discussion in this merge request',
      `added ~${await labelId('review')} label`,
      'assigned to @cn_dev',
      'requested review from @cn_ann and @cn_ben',
      'removed review request for @cn_ann',
    ]);
  });
});
