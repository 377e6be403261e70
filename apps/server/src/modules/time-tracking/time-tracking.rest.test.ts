import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject, createPublicGroupProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';
import { storedNotesByIid } from '../../test/stored-notes';

const t = useRestTestApp({ prefix: 'tt_', users: ['planner', 'guest', 'outsider'] });
const { api, uid } = t;
let projectId: number;
let publicProjectId: number;
const issueUrl = (iid: number, project = projectId) => `/projects/${project}/issues/${iid}`;
const systemNotes = (iid: number) => storedNotesByIid(t.db, 'Issue', projectId, iid, 'system');

beforeAll(async () => {
  const g = await createGroup(t.db, { path: 'ttacme' });
  projectId = (await createProject(t.db, { namespaceId: g.id, path: 'web' })).id;
  const { group: pub, project: open } = await createPublicGroupProject(t.db, 'ttpub');
  publicProjectId = open.id;
  await addGroupMember(t.db, g.id, uid.planner as number, AccessLevel.PLANNER);
  await addGroupMember(t.db, g.id, uid.guest as number, AccessLevel.GUEST);
  await addGroupMember(t.db, pub.id, uid.planner as number, AccessLevel.PLANNER);
  for (const title of ['estimate me', 'spend on me', 'guarded']) {
    expect((await api('POST', `/projects/${projectId}/issues`, 'planner', { title })).statusCode).toBe(201);
  }
  expect((await api('POST', `/projects/${publicProjectId}/issues`, 'planner', { title: 'public' })).statusCode).toBe(
    201,
  );
});

describe('issue time tracking (GitLab REST, /estimate and /spend)', () => {
  it('sets, changes and removes an estimate, with system notes, and shows it on the issue', async () => {
    const set = await api('POST', `${issueUrl(1)}/time_estimate`, 'planner', { duration: '1d 3h 30m' });
    expect(set.statusCode).toBe(201);
    expect(set.json()).toEqual({
      time_estimate: 41_400,
      total_time_spent: 0,
      human_time_estimate: '1d 3h 30m',
      human_total_time_spent: null,
    });
    expect((await api('GET', issueUrl(1), 'guest')).json()).toMatchObject({
      time_stats: { time_estimate: 41_400, human_time_estimate: '1d 3h 30m' },
    });
    await api('POST', `${issueUrl(1)}/time_estimate?duration=2w`, 'planner');
    await api('POST', `${issueUrl(1)}/time_estimate`, 'planner', { duration: '2w' });
    const reset = await api('POST', `${issueUrl(1)}/reset_time_estimate`, 'planner');
    expect(reset.json()).toMatchObject({ time_estimate: 0, human_time_estimate: null });
    expect(await systemNotes(1)).toEqual([
      'changed time estimate to 1d 3h 30m',
      'changed time estimate to 2w',
      'removed time estimate',
    ]);
  });

  it('logs, subtracts and resets time spent; the total never goes below zero', async () => {
    expect(
      (await api('POST', `${issueUrl(2)}/add_spent_time`, 'planner', { duration: '3h', summary: 'review' })).json(),
    ).toMatchObject({
      total_time_spent: 10_800,
      human_total_time_spent: '3h',
    });
    expect(
      (await api('POST', `${issueUrl(2)}/add_spent_time`, 'planner', { duration: '-1h30m' })).json(),
    ).toMatchObject({
      total_time_spent: 5_400,
      human_total_time_spent: '1h 30m',
    });
    const below = await api('POST', `${issueUrl(2)}/add_spent_time`, 'planner', { duration: '-2h' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ error: 'duration is invalid: total time spent cannot be negative' });
    expect((await api('GET', `${issueUrl(2)}/time_stats`, 'guest')).json()).toMatchObject({ total_time_spent: 5_400 });
    expect((await api('POST', `${issueUrl(2)}/reset_spent_time`, 'planner')).json()).toMatchObject({
      total_time_spent: 0,
    });
    expect(await systemNotes(2)).toEqual([
      'added 3h of time spent',
      'subtracted 1h 30m of time spent',
      'removed time spent',
    ]);
  });

  it('keeps the total right when many logs arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api('POST', `${issueUrl(3)}/add_spent_time`, 'planner', { duration: '15m' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect((await api('GET', `${issueUrl(3)}/time_stats`, 'planner')).json()).toMatchObject({
      total_time_spent: 8 * 900,
      human_total_time_spent: '2h',
    });
  });

  it.each([
    ['no duration', 'time_estimate', {}, 'duration is missing'],
    ['an unknown unit', 'time_estimate', { duration: '3y' }, 'duration is invalid'],
    ['a negative estimate', 'time_estimate', { duration: '-1h' }, 'an estimate cannot be negative'],
    ['a duration of the wrong type', 'add_spent_time', { duration: 3 }, 'duration is invalid'],
    ['a duration over 100 characters', 'add_spent_time', { duration: '1h '.repeat(40) }, 'duration is too long'],
    [
      'a summary over 255 characters',
      'add_spent_time',
      { duration: '1h', summary: 's'.repeat(256) },
      'summary is too long',
    ],
  ])('refuses %s (400)', async (_what, action, payload, message) => {
    const r = await api('POST', `${issueUrl(3)}/${action}`, 'planner', payload);
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain(message);
  });

  it.each([
    ['a Guest', 'guest', 'private', 3, 403],
    ['a non-member of a public project', 'outsider', 'public', 1, 403],
    ['a non-member of a private project', 'outsider', 'private', 3, 404],
    ['anyone, on an unknown issue', 'planner', 'private', 99, 404],
    ['an anonymous caller', undefined, 'private', 3, 401],
  ] as const)('refuses %s', async (_who, who, visibility, iid, status) => {
    const url = issueUrl(iid, visibility === 'public' ? publicProjectId : projectId);
    const r = await api('POST', `${url}/add_spent_time`, who, { duration: '1h' });
    expect(r.statusCode).toBe(status);
  });

  it('shows time stats to whoever may read the issue, and hides them from others (404)', async () => {
    expect((await api('GET', `${issueUrl(1, publicProjectId)}/time_stats`)).statusCode).toBe(200);
    expect((await api('GET', `${issueUrl(1)}/time_stats`, 'outsider')).statusCode).toBe(404);
  });
});
