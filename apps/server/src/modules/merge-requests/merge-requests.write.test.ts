import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import {
  addGroupMember,
  createGroup,
  createMilestone,
  createProject,
  createPublicGroupProject,
  createToken,
  createUser,
} from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { storedNotes } from '../../test/stored-notes';

const t = useRestTestApp({ prefix: 'mrw_', users: ['dev', 'rep', 'guest', 'owner', 'outsider'] });
const { api, tok, uid } = t;
let p1: number;
let pub: number;
let milestoneId: number;

const base = { source_branch: 'feature', target_branch: 'main' };
let branchSeq = 0;
async function createMr(body: object = {}, who = 'dev', project = p1) {
  branchSeq += 1;
  const res = await api('POST', `/projects/${project}/merge_requests`, who, {
    title: 'Change',
    source_branch: `b${branchSeq}`,
    target_branch: 'main',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { iid: number; id: number };
}

beforeAll(async () => {
  const db = t.db;
  const reader = await createUser(db, { username: 'mrw_reader' });
  tok.readonly = await createToken(db, reader.id, ['read_api']);
  const g = await createGroup(db, { path: 'mrwacme' });
  p1 = (await createProject(db, { namespaceId: g.id, path: 'web' })).id;
  const { group: pg, project: open } = await createPublicGroupProject(db, 'mrwpub');
  pub = open.id;
  await addGroupMember(db, g.id, uid.dev as number, AccessLevel.DEVELOPER);
  await addGroupMember(db, g.id, uid.rep as number, AccessLevel.REPORTER);
  await addGroupMember(db, g.id, uid.guest as number, AccessLevel.GUEST);
  await addGroupMember(db, g.id, uid.owner as number, AccessLevel.OWNER);
  await addGroupMember(db, g.id, reader.id, AccessLevel.OWNER);
  await addGroupMember(db, pg.id, uid.owner as number, AccessLevel.OWNER);
  milestoneId = await createMilestone(db, { iid: 1, group_id: g.id, title: 'Q3' });
}, 60_000);

describe('POST /projects/:id/merge_requests', () => {
  it('creates with labels, assignees, reviewers and a group milestone (201)', async () => {
    const res = await api('POST', `/projects/mrwacme%2Fweb/merge_requests`, 'dev', {
      ...base,
      title: 'Add search',
      description: 'Adds **search**',
      labels: 'backend,search',
      assignee_ids: [uid.dev],
      reviewer_ids: [uid.owner, uid.rep],
      milestone_id: milestoneId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const mr = res.json();
    expect(mr).toMatchObject({
      iid: 1,
      project_id: p1,
      title: 'Add search',
      description: 'Adds **search**',
      state: 'opened',
      source_branch: 'feature',
      target_branch: 'main',
      labels: ['backend', 'search'],
      draft: false,
      author: { username: 'mrw_dev' },
      assignee: { username: 'mrw_dev' },
      milestone: { title: 'Q3' },
      references: { full: 'mrwacme/web!1' },
    });
    expect(mr.reviewers.map((u: { id: number }) => u.id).sort()).toEqual([uid.owner, uid.rep].sort());
    expect(mr.milestone.web_url).toMatch(/groups\/mrwacme\/-\/milestones\/1$/);
    const again = await createMr();
    expect(again.iid).toBe(2);
  });

  it('single merge request JSON has description_html, sanitized', async () => {
    const mr = await createMr({
      description: '**ok**\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [a](javascript:alert(1))',
    });
    const shown = (await api('GET', `/projects/${p1}/merge_requests/${mr.iid}`, 'rep')).json();
    expect(shown.description_html).toContain('<strong>ok</strong>');
    expect(shown.description_html).not.toMatch(/<script|onerror|javascript:/i);
    const listed = (await api('GET', `/projects/${p1}/merge_requests`, 'rep')).json() as Record<string, unknown>[];
    expect(listed[0]).not.toHaveProperty('description_html');
  });

  it('draft from the title prefix', async () => {
    for (const [i, title] of ['Draft: x', '[Draft] x', '(draft) x'].entries()) {
      const res = await api('POST', `/projects/${p1}/merge_requests`, 'dev', {
        title,
        source_branch: `draft-${i}`,
        target_branch: 'main',
      });
      expect(res.json().draft, title).toBe(true);
    }
  });

  it('400 on missing or invalid fields', async () => {
    const noTitle = await api('POST', `/projects/${p1}/merge_requests`, 'dev', base);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error).toBe('title is missing');
    const noSource = await api('POST', `/projects/${p1}/merge_requests`, 'dev', { title: 'x', target_branch: 'main' });
    expect(noSource.json().error).toBe('source_branch is missing');
    const same = await api('POST', `/projects/${p1}/merge_requests`, 'dev', {
      title: 'x',
      source_branch: 'main',
      target_branch: 'main',
    });
    expect(same.statusCode).toBe(400);
    const badBranch = await api('POST', `/projects/${p1}/merge_requests`, 'dev', {
      title: 'x',
      source_branch: 'a b',
      target_branch: 'main',
    });
    expect(badBranch.statusCode).toBe(400);
    const badIds = await api('POST', `/projects/${p1}/merge_requests`, 'dev', {
      ...base,
      title: 'x',
      assignee_ids: 'abc',
    });
    expect(badIds.statusCode).toBe(400);
  });

  it('409 for a second open merge request of the same branches', async () => {
    const res = await api('POST', `/projects/${p1}/merge_requests`, 'dev', { ...base, title: 'dup' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('!1');
  });

  it('401 / 403 / 404 by role and visibility', async () => {
    const body = { title: 'x', source_branch: 'perm', target_branch: 'main' };
    expect((await api('POST', `/projects/${p1}/merge_requests`, undefined, body)).statusCode).toBe(401);
    expect((await api('POST', `/projects/${pub}/merge_requests`, undefined, body)).statusCode).toBe(401);
    expect((await api('POST', `/projects/${p1}/merge_requests`, 'rep', body)).statusCode).toBe(403);
    expect((await api('POST', `/projects/${p1}/merge_requests`, 'guest', body)).statusCode).toBe(403);
    expect((await api('POST', `/projects/${p1}/merge_requests`, 'readonly', body)).statusCode).toBe(403);
    const hidden = await api('POST', `/projects/${p1}/merge_requests`, 'outsider', body);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: '404 Project Not Found' });
    expect((await api('POST', `/projects/${pub}/merge_requests`, 'outsider', body)).statusCode).toBe(403);
  });
});

describe('ProjectPermissions.createMergeRequestIn', () => {
  const FLAG = 'query($path: ID!) { project(fullPath: $path) { userPermissions { createMergeRequestIn } } }';
  // A project the user may not see answers null, so no flag: false.
  const flag = async (who: string, path: string) =>
    dig(
      (await gql(t.app, FLAG, { path }, tok[who])).body.data,
      'project',
      'userPermissions',
      'createMergeRequestIn',
    ) === true;

  it('is true exactly for whom POST /merge_requests creates one (the New merge request button and page)', async () => {
    for (const [path, id] of [
      ['mrwacme/web', p1],
      ['mrwpub/open', pub],
    ] as const) {
      for (const who of ['dev', 'rep', 'guest', 'owner', 'outsider']) {
        branchSeq += 1;
        const res = await api('POST', `/projects/${id}/merge_requests`, who, {
          title: 'Flag check',
          source_branch: `flag${branchSeq}`,
          target_branch: 'main',
        });
        expect(await flag(who, path), `${who} on ${path}`).toBe(res.statusCode === 201);
      }
    }
    expect(await flag('dev', 'mrwacme/web')).toBe(true);
    expect(await flag('rep', 'mrwacme/web')).toBe(false);
  });

  it('is false when the project is archived or its merge requests are off', async () => {
    await t.db.updateTable('projects').set({ archived: true }).where('id', '=', pub).execute();
    expect(await flag('owner', 'mrwpub/open')).toBe(false);
    await t.db
      .updateTable('projects')
      .set({ archived: false, merge_requests_enabled: false })
      .where('id', '=', pub)
      .execute();
    expect(await flag('owner', 'mrwpub/open')).toBe(false);
    await t.db.updateTable('projects').set({ merge_requests_enabled: true }).where('id', '=', pub).execute();
    expect(await flag('owner', 'mrwpub/open')).toBe(true);
  });
});

describe('PUT /projects/:id/merge_requests/:iid', () => {
  it('edits title (draft), description, labels, assignees, reviewers, milestone, lock', async () => {
    const { iid } = await createMr({ labels: 'a,b' });
    const url = `/projects/${p1}/merge_requests/${iid}`;
    let res = await api('PUT', url, 'dev', { title: 'Draft: wip', description: 'more' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Draft: wip', draft: true, work_in_progress: true, description: 'more' });
    res = await api('PUT', url, 'dev', { title: 'Ready now', add_labels: 'c', remove_labels: 'a' });
    expect(res.json()).toMatchObject({ draft: false, labels: ['b', 'c'] });
    res = await api('PUT', url, 'dev', { labels: 'z' });
    expect(res.json().labels).toEqual(['z']);
    res = await api('PUT', url, 'dev', {
      assignee_ids: [uid.owner],
      reviewer_ids: [uid.dev],
      milestone_id: milestoneId,
    });
    expect(res.json().assignees.map((u: { id: number }) => u.id)).toEqual([uid.owner]);
    expect(res.json().reviewers.map((u: { id: number }) => u.id)).toEqual([uid.dev]);
    expect(res.json().milestone.title).toBe('Q3');
    res = await api('PUT', url, 'dev', {
      assignee_ids: [],
      reviewer_ids: '',
      milestone_id: 0,
      discussion_locked: true,
    });
    expect(res.json()).toMatchObject({
      assignees: [],
      assignee: null,
      reviewers: [],
      milestone: null,
      discussion_locked: true,
    });
    res = await api('PUT', url, 'dev', { target_branch: 'release' });
    expect(res.json().target_branch).toBe('release');
  });

  it('close and reopen, with system notes', async () => {
    const { iid, id } = await createMr();
    const url = `/projects/${p1}/merge_requests/${iid}`;
    let res = await api('PUT', url, 'dev', { state_event: 'close' });
    expect(res.json()).toMatchObject({ state: 'closed', detailed_merge_status: 'not_open' });
    expect(res.json().closed_at).not.toBeNull();
    res = await api('PUT', url, 'dev', { state_event: 'reopen' });
    expect(res.json()).toMatchObject({ state: 'opened', closed_at: null });
    expect(await storedNotes(t.db, { type: 'MergeRequest', id }, 'system')).toEqual(['closed', 'reopened']);
    expect(res.json().user_notes_count).toBe(0);
    expect((await api('PUT', url, 'dev', { state_event: 'merge' })).statusCode).toBe(400);
  });

  it('405 for a state change of a merged merge request', async () => {
    const { iid, id } = await createMr();
    await t.db
      .updateTable('merge_requests')
      .set({ state: 'merged', merged_at: new Date() })
      .where('id', '=', id)
      .execute();
    for (const state_event of ['reopen', 'close']) {
      const res = await api('PUT', `/projects/${p1}/merge_requests/${iid}`, 'dev', { state_event });
      expect(res.statusCode).toBe(405);
      expect(res.json()).toEqual({ message: '405 Method Not Allowed' });
    }
    const res = await api('PUT', `/projects/${p1}/merge_requests/${iid}`, 'dev', { title: 'still editable' });
    expect(res.json()).toMatchObject({ state: 'merged', title: 'still editable' });
  });

  it('401 / 403 / 404 / 400', async () => {
    const open = await createMr({}, 'owner', pub);
    expect(
      (await api('PUT', `/projects/${pub}/merge_requests/${open.iid}`, undefined, { title: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await api('PUT', `/projects/${pub}/merge_requests/${open.iid}`, 'outsider', { title: 'x' })).statusCode,
    ).toBe(403);
    const { iid } = await createMr();
    const url = `/projects/${p1}/merge_requests/${iid}`;
    expect((await api('PUT', url, undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await api('PUT', url, 'rep', { title: 'x' })).statusCode).toBe(403);
    expect((await api('PUT', url, 'outsider', { title: 'x' })).statusCode).toBe(404);
    const missing = await api('PUT', `/projects/${p1}/merge_requests/9999`, 'dev', { title: 'x' });
    expect(missing.json()).toEqual({ message: '404 Merge Request Not Found' });
    expect((await api('PUT', url, 'dev', { title: '' })).statusCode).toBe(400);
    expect((await api('PUT', `/projects/${p1}/merge_requests/x1`, 'dev', { title: 'x' })).statusCode).toBe(400);
  });
});

describe('DELETE /projects/:id/merge_requests/:iid', () => {
  it('Owner only; 204 then 404', async () => {
    const open = await createMr({}, 'owner', pub);
    expect((await api('DELETE', `/projects/${pub}/merge_requests/${open.iid}`)).statusCode).toBe(401);
    expect((await api('DELETE', `/projects/${pub}/merge_requests/${open.iid}`, 'outsider')).statusCode).toBe(403);
    const { iid } = await createMr();
    const url = `/projects/${p1}/merge_requests/${iid}`;
    expect((await api('DELETE', url)).statusCode).toBe(401);
    expect((await api('DELETE', url, 'dev')).statusCode).toBe(403);
    expect((await api('DELETE', url, 'outsider')).statusCode).toBe(404);
    const res = await api('DELETE', url, 'owner');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await api('GET', url, 'owner')).statusCode).toBe(404);
    expect((await api('DELETE', url, 'owner')).statusCode).toBe(404);
  });
});
