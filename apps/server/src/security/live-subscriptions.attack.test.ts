import type { AddressInfo } from 'node:net';
import type { Client } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { createSession } from '../auth/sessions.service';
import { digest } from '../auth/token-digest';
import { MAX_SUBSCRIPTIONS_PER_ADDRESS, MAX_SUBSCRIPTIONS_PER_ITEM } from '../graphql/live/live-limits';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject, createToken } from '../test/factories';
import { type LiveSubscription, liveClient, messageOf, record } from '../test/live-client';
import { useRestTestApp } from '../test/rest-test-app';

/**
 * Review 2026-11-28, H2: each change event cost one authentication, one policy read and one payload
 * per subscription, so 1,250 anonymous subscriptions turned one edit into ~1,250× the SQL. Now it is
 * resolved once per distinct credential and fanned out, and subscriptions are capped per address and
 * per item; each subscriber's own credential and read access are still checked on every event.
 */
const t = useRestTestApp({ prefix: 'lsa_', users: ['writer', 'reporter', 'guest'] });
const { api, tok, uid } = t;
let base = '';
let projectId = 0;
let issueGid = '';
let clients: Client[] = [];

const UPDATED = `subscription($id: WorkItemID!) { workItemUpdated(workItemId: $id) {
  title author { username } widgets { ... on WorkItemWidgetLabels { labels { nodes { title } } } } } }`;

type Updated = { workItemUpdated: { title: string } };

/** A graphql-ws client: anonymous, or with `token` in connection_init, or the upgrade's `cookie`. */
function client(options: { token?: string; cookie?: string; localAddress?: string } = {}) {
  const host = new URL(base).host;
  const headers = options.cookie ? { cookie: options.cookie, origin: `http://${host}` } : undefined;
  const c = liveClient(base, { token: options.token, headers, localAddress: options.localAddress });
  clients.push(c);
  return c;
}

/** `n` subscriptions to the issue (`id`, default the watched one), at most 25 per connection (the connection cap). */
function subscribe(n: number, options: Parameters<typeof client>[0] = {}, id = issueGid) {
  const subs: LiveSubscription<Updated>[] = [];
  let c = client(options);
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % 25 === 0) c = client(options);
    subs.push(record<Updated>(c, UPDATED, { id }));
  }
  return subs;
}

let edits = 0;
/**
 * Edits the issue until every one of `subs` has the edit's event: all are in place (and warm) then.
 * (A subscription gives no sign that the server has taken it; an event is that sign.)
 */
async function confirmed(subs: LiveSubscription<Updated>[], iid = 1) {
  await vi.waitFor(
    async () => {
      edits += 1;
      const title = `confirm ${edits}`;
      await rename(title, iid);
      await vi.waitFor(() => expect(subs.every((s) => titles(s).includes(title))).toBe(true), {
        timeout: 1_500,
        interval: 20,
      });
    },
    { timeout: 30_000, interval: 0 },
  );
  expect(subs.flatMap((s) => s.errors)).toEqual([]);
  return subs;
}

/** `n` subscriptions to the issue, in place once this resolves. */
const subscribers = (n: number, options: Parameters<typeof client>[0] = {}) => confirmed(subscribe(n, options));

/** Lets subscriptions reach the server, or shows that no event comes. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const rename = async (title: string, iid = 1) =>
  expect((await api('PUT', `/projects/${projectId}/issues/${iid}`, 'writer', { title })).statusCode).toBe(200);
const titles = (sub: LiveSubscription<Updated>) => sub.events.map((e) => e.workItemUpdated.title);
const received = (subs: LiveSubscription<Updated>[], title: string) =>
  vi.waitFor(() => expect(subs.filter((s) => titles(s).includes(title)).length).toBe(subs.length), {
    timeout: 10_000,
    interval: 20,
  });
const refused = async (sub: LiveSubscription<unknown>) => {
  await vi.waitFor(() => expect(sub.errors.length).toBeGreaterThan(0), { timeout: 10_000 });
  return messageOf(sub.errors[0]);
};

/** Waits until the server has sent no statement for 300 ms: an edit's work after its answer is done. */
async function quiet() {
  for (let before = -1, deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const now = t.database.queryCount();
    if (now === before) return;
    before = now;
    await settle();
  }
}

/**
 * Statements the server sends for an edit, from a quiet moment until it reached every one of `subs`
 * and all is quiet again; without the application settings, which the edit re-reads whenever their
 * cache has expired (a matter of time, not of subscribers).
 */
async function statementsPerEdit(subs: LiveSubscription<Updated>[], title: string) {
  await quiet();
  const { queries } = await t.database.captureQueries(async () => {
    await rename(title);
    await received(subs, title);
    await quiet();
  });
  return queries.filter((q) => !q.sql.includes('from "application_settings"')).length;
}

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'lsapub', visibility: 20 });
  const project = await createProject(t.db, { namespaceId: group.id, path: 'web', visibility: 20 });
  projectId = project.id;
  await addGroupMember(t.db, group.id, uid.writer ?? 0, AccessLevel.DEVELOPER);
  await addGroupMember(t.db, group.id, uid.reporter ?? 0, AccessLevel.REPORTER);
  await addGroupMember(t.db, group.id, uid.guest ?? 0, AccessLevel.GUEST);
  const issue = await t.db
    .insertInto('issues')
    .values({ project_id: project.id, iid: 1, title: 'Watched', author_id: uid.writer ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  issueGid = `gid://gitlab/Issue/${issue.id}`;
  await api('PUT', `/projects/${projectId}/issues/1`, 'writer', { add_labels: 'live' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** Every test starts without sockets: the caps count what is open. */
afterEach(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  clients = [];
  await settle();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
});

describe('one change event costs the same SQL for 1 or 40 subscribers of a credential (H2)', () => {
  it('anonymous subscribers share one read', async () => {
    const one = await subscribers(1);
    const few = await statementsPerEdit(one, 'anonymous 1');
    const forty = await confirmed([...one, ...subscribe(39)]);
    const many = await statementsPerEdit(forty, 'anonymous 40');
    expect(many, `1 subscriber → ${few} statements, 40 → ${many}`).toBe(few);
  });

  it("one token's subscriptions share one authentication and one read, on several connections", async () => {
    const one = await subscribers(1, { token: tok.reporter });
    const few = await statementsPerEdit(one, 'token 1');
    const forty = await confirmed([...one, ...subscribe(39, { token: tok.reporter })]);
    const many = await statementsPerEdit(forty, 'token 40');
    expect(many, `1 subscriber → ${few} statements, 40 → ${many}`).toBe(few);
  });

  it('grows with the distinct credentials, not with their subscriptions', async () => {
    const credentials = [{}, { token: tok.reporter }, { token: tok.guest }];
    const single = await confirmed(credentials.flatMap((c) => subscribe(1, c)));
    const few = await statementsPerEdit(single, 'three credentials, 1 each');
    const all = await confirmed([...single, ...credentials.flatMap((c) => subscribe(19, c))]);
    const many = await statementsPerEdit(all, 'three credentials, 20 each');
    expect(many, `3 subscribers → ${few} statements, 60 → ${many}`).toBe(few);
  });
});

describe('each subscriber is still checked on every event', () => {
  it('a token revoked between events ends its subscriptions; the others keep receiving', async () => {
    const doomed = await createToken(t.db, uid.reporter ?? 0);
    const revokedSubs = subscribe(3, { token: doomed });
    const sameUser = subscribe(3, { token: tok.reporter });
    const anonymous = subscribe(3);
    await confirmed([...revokedSubs, ...sameUser, ...anonymous]);
    await t.db
      .updateTable('personal_access_tokens')
      .set({ revoked: true })
      .where('token_digest', '=', digest(doomed))
      .execute();
    await rename('after revoking');
    await received([...sameUser, ...anonymous], 'after revoking');
    await Promise.all(revokedSubs.map((s) => s.completed));
    for (const sub of revokedSubs) expect(titles(sub)).not.toContain('after revoking');
  });

  it('an ended session ends its subscriptions', async () => {
    const session = await createSession(t.db, uid.guest ?? 0, { ttlDays: 1 });
    const cookie = `${SESSION_COOKIE}=${session.secret}`;
    const viaCookie = subscribe(2, { cookie });
    const anonymous = subscribe(2);
    await confirmed([...viaCookie, ...anonymous]);
    await t.db.deleteFrom('sessions').execute();
    await rename('session ended');
    await received(anonymous, 'session ended');
    await Promise.all(viaCookie.map((s) => s.completed));
    for (const sub of viaCookie) expect(titles(sub)).not.toContain('session ended');
  });

  it('readers who lose access get nothing; a reader who keeps it gets the event', async () => {
    const [extra] = await t.db
      .insertInto('issues')
      .values({ project_id: projectId, iid: 2, title: 'Soon confidential' })
      .returning('id')
      .execute();
    const id = `gid://gitlab/Issue/${extra?.id}`;
    const anonymous = subscribe(3, {}, id);
    const guest = subscribe(3, { token: tok.guest }, id);
    const reporter = subscribe(3, { token: tok.reporter }, id);
    await confirmed([...anonymous, ...guest, ...reporter], 2);
    const res = await api('PUT', `/projects/${projectId}/issues/2`, 'writer', {
      confidential: true,
      title: 'Now confidential',
    });
    expect(res.statusCode).toBe(200);
    await received(reporter, 'Now confidential');
    await settle();
    for (const sub of [...anonymous, ...guest]) {
      expect(titles(sub)).not.toContain('Now confidential');
      expect(sub.errors).toEqual([]);
    }
  });
});

describe('caps', () => {
  it(`at most ${MAX_SUBSCRIPTIONS_PER_ADDRESS} subscriptions per address, all connections together`, async () => {
    const held = await subscribers(MAX_SUBSCRIPTIONS_PER_ADDRESS);
    const over = record(client(), UPDATED, { id: issueGid });
    const message = await refused(over);
    expect(message).toBe(
      `Too many live subscriptions from this address (at most ${MAX_SUBSCRIPTIONS_PER_ADDRESS}); end some first`,
    );
    expect(held.flatMap((s) => s.errors)).toEqual([]);
    const elsewhere = await subscribers(1, { localAddress: '127.0.0.2' });
    expect(elsewhere[0]?.errors).toEqual([]);
  });

  it(`at most ${MAX_SUBSCRIPTIONS_PER_ITEM} subscriptions per item; another item is not affected`, async () => {
    const perAddress = MAX_SUBSCRIPTIONS_PER_ADDRESS;
    const addresses = Math.ceil(MAX_SUBSCRIPTIONS_PER_ITEM / perAddress);
    const held = await confirmed(
      Array.from({ length: addresses }, (_, i) =>
        subscribe(Math.min(perAddress, MAX_SUBSCRIPTIONS_PER_ITEM - i * perAddress), {
          localAddress: `127.0.0.${10 + i}`,
        }),
      ).flat(),
    );
    expect(held).toHaveLength(MAX_SUBSCRIPTIONS_PER_ITEM);
    const over = record(client({ localAddress: '127.0.0.3' }), UPDATED, { id: issueGid });
    expect(await refused(over)).toBe(
      `Too many live subscriptions to this item (at most ${MAX_SUBSCRIPTIONS_PER_ITEM}); its page still updates by polling`,
    );
    const [other] = await t.db
      .insertInto('issues')
      .values({ project_id: projectId, iid: 3, title: 'Other' })
      .returning('id')
      .execute();
    const elsewhere = record(client({ localAddress: '127.0.0.3' }), UPDATED, { id: `gid://gitlab/Issue/${other?.id}` });
    await settle();
    expect(elsewhere.errors).toEqual([]);
    expect(held.flatMap((s) => s.errors)).toEqual([]);
    // A thousand WebSocket subscriptions: seconds on a quiet machine, more on a loaded one.
  }, 90_000);
});
