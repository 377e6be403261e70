import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { loadActor } from '../../policy/load-actor';
import { apiClient, createUsersWithTokens } from '../../test/api-client';
import { addProjectMember, createCookieSession, createGroup, createProject } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { MAX_VISITS_PER_USER, trackVisit } from './visits.service';

/**
 * IE-18 `POST /-/track_namespace_visits`: signed-in only, 404 for a missing or hidden item with
 * nothing stored, at most one row per user, item and UTC day, and pruning of old rows.
 */
const t = useTestApp();
const users = { tok: {} as Record<string, string>, uid: {} as Record<string, number> };
const web = apiClient(() => t.app, users.tok, '');
const track = (who: string | undefined, payload: object) => web('POST', '/-/track_namespace_visits', who, payload);
const ids = { group: 0, hiddenGroup: 0, project: 0, hidden: 0 };

const actorOf = (name: string) =>
  loadActor(t.db, { id: users.uid[name] as number, username: `visits-${name}`, admin: false }, null);

const visitRows = (table: 'project_visits' | 'group_visits', userId: number) =>
  t.db.selectFrom(table).selectAll().where('user_id', '=', userId).orderBy('visited_at').execute();

beforeAll(async () => {
  await createUsersWithTokens(t.db, ['visitor', 'outsider', 'pruner'], { prefix: 'visits-', into: users });
  const group = await createGroup(t.db, { path: 'visits-open', visibility: 20 });
  const hiddenGroup = await createGroup(t.db, { path: 'visits-closed', visibility: 0 });
  ids.group = group.id;
  ids.hiddenGroup = hiddenGroup.id;
  ids.project = (await createProject(t.db, { namespaceId: group.id, path: 'web', visibility: 20 })).id;
  ids.hidden = (await createProject(t.db, { namespaceId: hiddenGroup.id, path: 'secret', visibility: 0 })).id;
});

describe('POST /-/track_namespace_visits', () => {
  it('is 401 for anonymous callers and 400 naming a missing or bad type or id', async () => {
    expect((await track(undefined, { type: 'projects', id: ids.project })).statusCode).toBe(401);
    const cases: [object, string][] = [
      [{ id: ids.project }, 'type is missing'],
      [{ type: 'projects' }, 'id is missing'],
      [{ type: 'users', id: ids.project }, 'type is invalid'],
      [{ type: 'projects', id: 'abc' }, 'id is invalid'],
    ];
    for (const [payload, message] of cases) {
      const res = await track('visitor', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('stores one visit per item and day, answering 200 with an empty body', async () => {
    const first = await track('visitor', { type: 'projects', id: ids.project });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toBe('');
    expect((await track('visitor', { type: 'projects', id: ids.project })).statusCode).toBe(200);
    expect((await track('visitor', { type: 'groups', id: ids.group })).statusCode).toBe(200);
    expect(await visitRows('project_visits', users.uid.visitor as number)).toHaveLength(1);
    expect(await visitRows('group_visits', users.uid.visitor as number)).toHaveLength(1);
  });

  it('stores another visit on another day', async () => {
    const actor = await actorOf('visitor');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const later = new Date(tomorrow.getTime() + 60_000);
    await trackVisit(t.db, actor, { type: 'projects', id: ids.project }, tomorrow);
    await trackVisit(t.db, actor, { type: 'projects', id: ids.project }, later);
    const rows = await visitRows('project_visits', users.uid.visitor as number);
    expect(rows).toHaveLength(2);
    // The day's one row holds its latest visit.
    expect(rows[1]?.visited_at.getTime()).toBe(later.getTime());
  });

  it('is 404 for a missing or hidden project or group, storing nothing', async () => {
    const cases: [object, string][] = [
      [{ type: 'projects', id: ids.hidden }, '404 Project Not Found'],
      [{ type: 'projects', id: 2_000_000_000 }, '404 Project Not Found'],
      [{ type: 'groups', id: ids.hiddenGroup }, '404 Group Not Found'],
      // A project's id is no group's id.
      [{ type: 'groups', id: ids.project + 1_000_000 }, '404 Group Not Found'],
    ];
    for (const [payload, message] of cases) {
      const res = await track('outsider', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.body).toContain(message);
    }
    expect(await visitRows('project_visits', users.uid.outsider as number)).toHaveLength(0);
    expect(await visitRows('group_visits', users.uid.outsider as number)).toHaveLength(0);
  });

  it('is allowed to a member of a private project', async () => {
    await addProjectMember(t.db, ids.hidden, users.uid.outsider as number, AccessLevel.GUEST);
    expect((await track('outsider', { type: 'projects', id: ids.hidden })).statusCode).toBe(200);
    expect(await visitRows('project_visits', users.uid.outsider as number)).toHaveLength(1);
  });

  it('needs the CSRF header on a cookie session, as every session write', async () => {
    const { cookies, csrfToken } = await createCookieSession(t.db, users.uid.pruner as number);
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/-/track_namespace_visits',
        cookies,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ type: 'groups', id: ids.group }),
      });
    expect((await send({})).statusCode).toBe(403);
    expect((await send({ 'x-csrf-token': csrfToken })).statusCode).toBe(200);
  });

  it('prunes the visits older than 3 months, and beyond the per-user cap, when it stores one', async () => {
    const userId = users.uid.pruner as number;
    const now = new Date('2026-06-15T12:00:00Z');
    const old = new Date('2026-03-14T12:00:00Z');
    const kept = new Date('2026-03-16T12:00:00Z');
    await t.db
      .insertInto('project_visits')
      .values([
        { user_id: userId, entity_id: ids.project, visited_at: old, visited_on: '2026-03-14' },
        { user_id: userId, entity_id: ids.project, visited_at: kept, visited_on: '2026-03-16' },
      ])
      .execute();
    const actor = await actorOf('pruner');
    await trackVisit(t.db, actor, { type: 'projects', id: ids.project }, now);
    const days = (await visitRows('project_visits', userId)).map((r) => r.visited_on);
    expect(days).toEqual(['2026-03-16', '2026-06-15']);

    // Fill past the cap: distinct day buckets (the unique index allows one a day), times inside the retention.
    const start = Date.parse('2026-03-17T00:00:00Z');
    const filler = Array.from({ length: MAX_VISITS_PER_USER }, (_, i) => ({
      user_id: userId,
      entity_id: ids.project,
      visited_at: new Date(start + i * 3_600_000),
      visited_on: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    }));
    await t.db.insertInto('project_visits').values(filler).execute();
    await trackVisit(t.db, actor, { type: 'projects', id: ids.project }, new Date('2026-06-16T12:00:00Z'));
    const rows = await visitRows('project_visits', userId);
    expect(rows).toHaveLength(MAX_VISITS_PER_USER);
    expect(rows.at(-1)?.visited_on).toBe('2026-06-16');
    expect(rows.some((r) => r.visited_on === '2026-03-16')).toBe(false);
  });
});
