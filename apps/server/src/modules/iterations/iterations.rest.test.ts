import { addDays } from '@meridian/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { createGroupSubProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({ prefix: 'it_', users: ['planner', 'guest', 'outsider'] });
const { api, uid } = t;
let groupId: number;
let subId: number;
let projectId: number;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ groupId, subId, projectId } = await createGroupSubProject(t.db, 'itacme', [
    [uid.planner ?? 0, AccessLevel.PLANNER],
    [uid.guest ?? 0, AccessLevel.GUEST],
  ]));
});

describe('iteration cadences and iterations', () => {
  it('creates an automatic cadence with its iterations', async () => {
    const res = await api('POST', `/groups/${groupId}/iteration_cadences`, 'planner', {
      title: 'Sprints',
      start_date: addDays(today, -14),
      duration_in_weeks: 1,
      iterations_in_advance: 2,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Sprints',
      automatic: true,
      duration_in_weeks: 1,
      iterations_in_advance: 2,
      group_id: groupId,
    });
    const list = await api('GET', `/groups/${groupId}/iteration_cadences`, 'guest');
    expect(list.json().map((c: { title: string }) => c.title)).toEqual(['Sprints']);
  });

  it('validates and authorizes cadence creation', async () => {
    const url = `/groups/${groupId}/iteration_cadences`;
    expect((await api('POST', url, undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await api('POST', url, 'outsider', { title: 'x', automatic: false })).statusCode).toBe(404);
    expect((await api('POST', url, 'guest', { title: 'x', automatic: false })).statusCode).toBe(403);
    expect((await api('POST', url, 'planner', {})).json().field).toBe('title');
    expect((await api('POST', url, 'planner', { title: 'x' })).statusCode).toBe(400);
    expect(
      (await api('POST', url, 'planner', { title: 'x', start_date: today, duration_in_weeks: 9 })).statusCode,
    ).toBe(400);
    const manual = await api('POST', url, 'planner', { title: 'Manual', automatic: false });
    expect(manual.statusCode).toBe(201);
  });

  it('lists iterations by state with numeric GitLab states', async () => {
    const all = await api('GET', `/groups/${groupId}/iterations`, 'guest');
    expect(all.statusCode).toBe(200);
    const body = all.json() as {
      iid: number;
      sequence: number;
      state: number;
      start_date: string;
      due_date: string;
      web_url: string;
    }[];
    expect(body.map((i) => i.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(body.map((i) => i.state)).toEqual([3, 3, 2, 1, 1]);
    expect(body[2]).toMatchObject({ start_date: today, due_date: addDays(today, 6) });
    expect(body[0]?.web_url).toMatch(/\/groups\/itacme\/-\/iterations\/\d+$/);
    const count = async (state: string) =>
      (await api('GET', `/groups/${groupId}/iterations?state=${state}`, 'guest')).json().length;
    expect(await count('opened')).toBe(3);
    expect(await count('upcoming')).toBe(2);
    expect(await count('current')).toBe(1);
    expect(await count('closed')).toBe(2);
    expect((await api('GET', `/groups/${groupId}/iterations?state=nope`, 'guest')).statusCode).toBe(400);
  });

  it('includes ancestor iterations for subgroups and projects, hides private groups', async () => {
    expect((await api('GET', `/groups/${subId}/iterations`, 'guest')).json()).toHaveLength(5);
    expect((await api('GET', `/groups/${subId}/iterations?include_ancestors=false`, 'guest')).json()).toHaveLength(0);
    const p = await api('GET', `/projects/${projectId}/iterations?state=current`, 'guest');
    expect(p.json()).toHaveLength(1);
    expect((await api('GET', `/projects/${projectId}/iterations`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/groups/${groupId}/iterations`)).statusCode).toBe(404);
  });
});
