import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({ prefix: 'itr_', users: ['planner', 'guest'] });
const { api, uid } = t;
let issueUrl: string;
const iterations: Record<string, number> = {};

async function createIteration(
  groupId: number,
  title: string | null,
  start: string,
  due: string,
  iid = 1,
): Promise<number> {
  const cadence = await t.db
    .insertInto('iterations_cadences')
    .values({ group_id: groupId, title: `${title ?? 'Untitled'} cadence` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const values = { iid, sequence: iid, iterations_cadence_id: cadence.id, group_id: groupId, title };
  const row = await t.db
    .insertInto('iterations')
    .values({ ...values, start_date: start, due_date: due })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  const top = await createGroup(t.db, { path: 'itracme' });
  const sub = await createGroup(t.db, { path: 'team', parentId: top.id });
  const other = await createGroup(t.db, { path: 'itrother' });
  const projectId = (await createProject(t.db, { namespaceId: sub.id, path: 'web' })).id;
  await addGroupMember(t.db, top.id, uid.planner as number, AccessLevel.PLANNER);
  await addGroupMember(t.db, top.id, uid.guest as number, AccessLevel.GUEST);
  iterations.ancestor = await createIteration(top.id, 'Sprint "A"', '2026-11-02', '2026-11-15');
  iterations.own = await createIteration(sub.id, 'Team sprint', '2026-11-16', '2026-11-29');
  iterations.foreign = await createIteration(other.id, 'Not ours', '2026-11-02', '2026-11-15');
  iterations.untitled = await createIteration(sub.id, null, '2026-11-30', '2026-12-13', 2);
  issueUrl = `/projects/${projectId}/issues/1`;
  expect((await api('POST', `/projects/${projectId}/issues`, 'planner', { title: 'Plan me' })).statusCode).toBe(201);
});

const systemNotes = async () =>
  (await api('GET', `${issueUrl}/notes?sort=asc`, 'planner'))
    .json()
    .filter((n: { system: boolean }) => n.system)
    .map((n: { body: string }) => n.body);

describe('setting an issue iteration (iteration_id)', () => {
  it("sets an iteration of the project's group or an ancestor, with a system note, and clears it", async () => {
    const set = await api('PUT', issueUrl, 'planner', { iteration_id: iterations.ancestor });
    expect(set.statusCode).toBe(200);
    expect(set.json().iteration).toMatchObject({ id: iterations.ancestor, title: 'Sprint "A"' });
    expect((await api('PUT', issueUrl, 'planner', { iteration_id: iterations.own })).json().iteration.id).toBe(
      iterations.own,
    );
    expect((await api('PUT', issueUrl, 'planner', { iteration_id: iterations.untitled })).statusCode).toBe(200);
    const cleared = await api('PUT', issueUrl, 'planner', { iteration_id: 0 });
    expect(cleared.json().iteration).toBeNull();
    expect(await systemNotes()).toEqual([
      'changed iteration to *iteration:"Sprint \\"A\\""',
      'changed iteration to *iteration:"Team sprint"',
      `changed iteration to *iteration:${iterations.untitled}`,
      'removed iteration',
    ]);
  });

  it('is a 400 naming iteration_id for an iteration of another group or an unknown one', async () => {
    for (const id of [iterations.foreign, 999_999]) {
      const res = await api('PUT', issueUrl, 'planner', { iteration_id: id });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('iteration_id');
    }
    expect((await api('PUT', issueUrl, 'planner', { iteration_id: 'soon' })).statusCode).toBe(400);
  });

  it('is refused to a Guest, who may not update the issue', async () => {
    await api('PUT', issueUrl, 'planner', { iteration_id: iterations.own });
    const res = await api('PUT', issueUrl, 'guest', { iteration_id: 0 });
    expect(res.statusCode).toBe(403);
    expect((await api('GET', issueUrl, 'planner')).json().iteration.id).toBe(iterations.own);
  });

  it('sets the iteration when the issue is created', async () => {
    const projectId = (await api('GET', issueUrl, 'planner')).json().project_id;
    const res = await api('POST', `/projects/${projectId}/issues`, 'planner', {
      title: 'Born planned',
      iteration_id: iterations.ancestor,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().iteration.id).toBe(iterations.ancestor);
  });
});
