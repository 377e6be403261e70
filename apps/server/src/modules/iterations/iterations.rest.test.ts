import { addDays } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'it_',
  users: ['planner', 'guest', 'outsider'],
  groups: {
    acme: { path: 'itacme', members: { planner: AccessLevel.PLANNER, guest: AccessLevel.GUEST } },
    sub: { path: 'sub', parent: 'acme' },
  },
  projects: { web: { path: 'web', group: 'sub' } },
});
const { api, gid, pid } = t;
const today = new Date().toISOString().slice(0, 10);

describe('iteration cadences and iterations', () => {
  it('creates an automatic cadence with its iterations', async () => {
    const res = await api('POST', `/groups/${gid.acme}/iteration_cadences`, 'planner', {
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
      group_id: gid.acme,
    });
    const list = await api('GET', `/groups/${gid.acme}/iteration_cadences`, 'guest');
    expect(list.json().map((c: { title: string }) => c.title)).toEqual(['Sprints']);
  });

  it('validates and authorizes cadence creation', async () => {
    const url = `/groups/${gid.acme}/iteration_cadences`;
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
    const all = await api('GET', `/groups/${gid.acme}/iterations`, 'guest');
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
      (await api('GET', `/groups/${gid.acme}/iterations?state=${state}`, 'guest')).json().length;
    expect(await count('opened')).toBe(3);
    expect(await count('upcoming')).toBe(2);
    expect(await count('current')).toBe(1);
    expect(await count('closed')).toBe(2);
    expect((await api('GET', `/groups/${gid.acme}/iterations?state=nope`, 'guest')).statusCode).toBe(400);
  });

  it('includes ancestor iterations for subgroups and projects, hides private groups', async () => {
    expect((await api('GET', `/groups/${gid.sub}/iterations`, 'guest')).json()).toHaveLength(5);
    expect((await api('GET', `/groups/${gid.sub}/iterations?include_ancestors=false`, 'guest')).json()).toHaveLength(0);
    const p = await api('GET', `/projects/${pid.web}/iterations?state=current`, 'guest');
    expect(p.json()).toHaveLength(1);
    expect((await api('GET', `/projects/${pid.web}/iterations`, 'outsider')).statusCode).toBe(404);
    expect((await api('GET', `/groups/${gid.acme}/iterations`)).statusCode).toBe(404);
  });
});
