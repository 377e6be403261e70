import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicAndPrivateProjects } from '../test/factories';
import { useRestTestApp } from '../test/rest-test-app';
import { countStatements } from '../test/statement-count';

const t = useRestTestApp({ prefix: 'rt_', users: ['owner', 'reporter', 'guest', 'outsider'] });
const { api, tok, uid } = t;
let publicProjectId: number;

/** GET realtime_changes as `who` (anonymous when undefined), optionally with If-None-Match. */
function poll(path: string, who?: string, etag?: string) {
  const headers: Record<string, string> = {};
  if (who) headers['private-token'] = tok[who] ?? '';
  if (etag) headers['if-none-match'] = etag;
  return t.app.inject({ method: 'GET', url: `${path}/realtime_changes`, headers });
}

/** The ETag `who` gets once a poll carries one (none is given while a change is still arriving). */
async function etagOf(path: string, who?: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const res = await poll(path, who);
      expect(res.statusCode).toBe(200);
      const etag = res.headers.etag;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      return String(etag);
    },
    { timeout: 2_000, interval: 20 },
  );
}

/** Waits until the bus has told this process of the change: the old ETag no longer answers 304. */
async function expectChangedFrom(path: string, who: string, etag: string) {
  await vi.waitFor(
    async () => {
      const res = await poll(path, who, etag);
      expect(res.statusCode).toBe(200);
    },
    { timeout: 2_000, interval: 20 },
  );
}

const pub = '/rtpub/web/-/issues/1';
const priv = '/rtpriv/app/-/issues/1';

beforeAll(async () => {
  const db = t.db;
  const { project: p, hiddenProject: hp } = await createPublicAndPrivateProjects(
    db,
    { publicPath: 'rtpub', privatePath: 'rtpriv' },
    { owner: uid.owner ?? 0, reporter: uid.reporter ?? 0, guest: uid.guest ?? 0 },
  );
  publicProjectId = p.id;
  await db
    .insertInto('issues')
    .values([
      { project_id: p.id, iid: 1, title: 'Polled <b>issue</b>', description: '- [x] one\n- [ ] two' },
      { project_id: p.id, iid: 2, title: 'secret', confidential: true },
      { project_id: hp.id, iid: 1, title: 'private' },
    ])
    .execute();
});

describe('GET …/-/issues/:iid/realtime_changes', () => {
  it("answers GitLab's shape with ETag, Poll-Interval and no-cache", async () => {
    const res = await poll(pub, 'reporter');
    expect(res.statusCode).toBe(200);
    expect(res.headers['poll-interval']).toBe('3000');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(res.json()).toEqual({
      title: 'Polled &lt;b&gt;issue&lt;/b&gt;',
      title_text: 'Polled <b>issue</b>',
      description: '',
      description_text: '- [x] one\n- [ ] two',
      task_completion_status: { count: 2, completed_count: 1 },
      lock_version: 0,
    });
  });

  it('answers 304 to an unchanged poll without a single SQL statement', async () => {
    const etag = await etagOf(pub, 'reporter');
    let res = await poll(pub, 'reporter', etag);
    const statements = await countStatements(t.database, async () => {
      res = await poll(pub, 'reporter', etag);
    });
    expect(res.statusCode).toBe(304);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['poll-interval']).toBe('3000');
    expect(res.body).toBe('');
    expect(statements).toBe(0);
  });

  it('never answers 304 to another credential presenting your ETag', async () => {
    const etag = await etagOf(pub, 'reporter');
    for (const who of ['guest', 'outsider', undefined]) {
      const res = await poll(pub, who, etag);
      expect(res.statusCode, who ?? 'anonymous').toBe(200);
      expect(res.headers.etag).not.toBe(etag);
    }
    expect((await poll(pub, 'reporter', 'W/"guessed"')).statusCode).toBe(200);
  });

  it('404s hidden and unknown issues, and anonymous polls of private projects, even with an ETag', async () => {
    const ownersEtag = await etagOf(priv, 'owner');
    const cases: [string, string | undefined, string | undefined][] = [
      [priv, undefined, undefined],
      [priv, undefined, ownersEtag],
      [priv, 'outsider', ownersEtag],
      ['/rtpub/web/-/issues/2', 'outsider', undefined],
      ['/rtpub/web/-/issues/2', undefined, undefined],
      ['/rtpub/web/-/issues/99', 'owner', undefined],
      ['/rtpub/nope/-/issues/1', 'owner', undefined],
    ];
    for (const [path, who, etag] of cases) {
      const res = await poll(path, who, etag);
      expect(res.statusCode, `${path} as ${who ?? 'anonymous'}`).toBe(404);
      expect(res.headers.etag).toBeUndefined();
    }
    expect((await poll('/rtpub/web/-/issues/abc', 'owner')).statusCode).toBe(400);
  });

  it('changes the ETag on a title edit, a new note and a state change', async () => {
    const writes: [string, () => Promise<{ statusCode: number }>][] = [
      ['title edit', () => api('PUT', `/projects/${publicProjectId}/issues/1`, 'reporter', { title: 'Renamed' })],
      ['new note', () => api('POST', `/projects/${publicProjectId}/issues/1/notes`, 'guest', { body: 'hello' })],
      ['close', () => api('PUT', `/projects/${publicProjectId}/issues/1`, 'reporter', { state_event: 'close' })],
    ];
    for (const [what, write] of writes) {
      const etag = await etagOf(pub, 'reporter');
      expect((await poll(pub, 'reporter', etag)).statusCode, what).toBe(304);
      expect([200, 201], what).toContain((await write()).statusCode);
      await expectChangedFrom(pub, 'reporter', etag);
    }
    const after = await poll(pub, 'reporter');
    expect(after.json()).toMatchObject({ title_text: 'Renamed', lock_version: 2, updated_by_path: '/rt_reporter' });
  });
});

describe('GET /groups/…/-/epics/:iid/realtime_changes', () => {
  const epic = '/groups/rtpub/-/epics/1';
  let groupId = 0;

  beforeAll(async () => {
    const g = await t.db.selectFrom('namespaces').select('id').where('path', '=', 'rtpub').executeTakeFirstOrThrow();
    groupId = g.id;
    const res = await api('POST', `/groups/${groupId}/epics`, 'owner', { title: 'Polled <i>epic</i>' });
    expect(res.statusCode).toBe(201);
    const hidden = await t.db
      .selectFrom('namespaces')
      .select('id')
      .where('path', '=', 'rtpriv')
      .executeTakeFirstOrThrow();
    expect((await api('POST', `/groups/${hidden.id}/epics`, 'owner', { title: 'hidden epic' })).statusCode).toBe(201);
  });

  it("answers the issue poll's shape, then 304 without SQL, for the same credential only", async () => {
    const res = await poll(epic, 'guest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['poll-interval']).toBe('3000');
    expect(res.json()).toMatchObject({
      title: 'Polled &lt;i&gt;epic&lt;/i&gt;',
      title_text: 'Polled <i>epic</i>',
      lock_version: 0,
    });
    const etag = await etagOf(epic, 'guest');
    let unchanged = await poll(epic, 'guest', etag);
    const statements = await countStatements(t.database, async () => {
      unchanged = await poll(epic, 'guest', etag);
    });
    expect(unchanged.statusCode).toBe(304);
    expect(statements).toBe(0);
    expect((await poll(epic, 'outsider', etag)).statusCode).toBe(200);
  });

  it('404s hidden and unknown epics', async () => {
    for (const [path, who] of [
      ['/groups/rtpriv/-/epics/1', 'outsider'],
      ['/groups/rtpriv/-/epics/1', undefined],
      ['/groups/rtpub/-/epics/99', 'owner'],
      ['/groups/nope/-/epics/1', 'owner'],
    ] as const) {
      expect((await poll(path, who)).statusCode, `${path} as ${who}`).toBe(404);
    }
    expect((await poll('/groups/rtpriv/-/epics/1', 'owner')).statusCode).toBe(200);
  });

  it('changes the ETag on an edit and a new comment', async () => {
    const epicId = (await api('GET', `/groups/${groupId}/epics/1`, 'owner')).json().id;
    const writes: [string, () => Promise<{ statusCode: number }>][] = [
      ['edit', () => api('PUT', `/groups/${groupId}/epics/1`, 'owner', { title: 'Renamed epic' })],
      ['comment', () => api('POST', `/groups/${groupId}/epics/${epicId}/notes`, 'guest', { body: 'hi' })],
    ];
    for (const [what, write] of writes) {
      const etag = await etagOf(epic, 'reporter');
      expect((await poll(epic, 'reporter', etag)).statusCode, what).toBe(304);
      expect([200, 201], what).toContain((await write()).statusCode);
      await expectChangedFrom(epic, 'reporter', etag);
    }
    expect((await poll(epic, 'reporter')).json()).toMatchObject({
      title_text: 'Renamed epic',
      updated_by_path: '/rt_owner',
    });
  });
});
