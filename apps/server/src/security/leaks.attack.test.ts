import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../db/cursor';
import { type Answer, buildRelationsWorld, client, num, type RelationsWorld } from '../test/relations-world';
import { type StartedServer, startTestServer } from '../test/started-server';
import { countStatements } from '../test/statement-count';

/**
 * Security review 2026-11-23, leaks: L2 (counts), L3 (keyset cursor oracle), L4 (hidden epic ids
 * in filters), L1 (label description_html), L16 (issues_enabled, archived), I2 (hidden parents)
 * and the confidential-epic create note. Each test is the review's one-line attack.
 */
let s: StartedServer;
let w: RelationsWorld;
let api: ReturnType<typeof client>;
let tokens: Record<string, string>;

const created = (r: Answer) => {
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r;
};

/** A new internal project in acme with one issue, created by the owner. */
const projectWithIssue = async (path: string, title: string) => {
  const p = await s.db
    .insertInto('projects')
    .values({ namespace_id: w.acme.id, name: path, path, visibility_level: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const issue = created(await api('POST', `/projects/${p.id}/issues`, 'owner', { title }));
  return { p, issue };
};

/**
 * A new public epic in acme under the confidential `parent`, stored directly: the hierarchy rules
 * refuse that shape over the API, which is why a reader may meet a child whose parent is hidden.
 */
const openChildOf = async (parent: Answer, title: string) => {
  const child = created(await api('POST', `/groups/${w.acme.id}/epics`, 'owner', { title }));
  await s.db
    .updateTable('epics')
    .set({ parent_id: num(parent, 'id') })
    .where('id', '=', num(child, 'id'))
    .execute();
  return child;
};

beforeAll(async () => {
  s = await startTestServer();
  const built = await buildRelationsWorld(s, 'lk');
  w = built.w;
  api = client(s, built.tokens);
  tokens = built.tokens;
});
afterAll(async () => {
  await s?.close();
});

describe('L2 — counts never include what the actor may not read', () => {
  it('user_notes_count leaves internal notes out for anonymous visitors and Guests', async () => {
    const issue = created(await api('POST', `/projects/${w.pub.id}/issues`, 'victimOwner', { title: 'notes' }));
    const iid = num(issue, 'iid');
    created(await api('POST', `/projects/${w.pub.id}/issues/${iid}/notes`, 'victimOwner', { body: 'public' }));
    created(
      await api('POST', `/projects/${w.pub.id}/issues/${iid}/notes`, 'victimOwner', { body: 'secret', internal: true }),
    );
    const anon = await api('GET', `/projects/${w.pub.id}/issues/${iid}`);
    expect(anon.json).toMatchObject({ user_notes_count: 1 });
    const owner = await api('GET', `/projects/${w.pub.id}/issues/${iid}`, 'victimOwner');
    expect(owner.json).toMatchObject({ user_notes_count: 2 });
  });

  it('blocking_issues_count counts only blocked issues the actor can read', async () => {
    const blocker = created(await api('POST', `/projects/${w.pub.id}/issues`, 'victimOwner', { title: 'blocker' }));
    const hidden = created(
      await api('POST', `/projects/${w.pub.id}/issues`, 'victimOwner', { title: 'hidden', confidential: true }),
    );
    created(
      await api('POST', `/projects/${w.pub.id}/issues/${num(blocker, 'iid')}/links`, 'victimOwner', {
        target_project_id: String(w.pub.id),
        target_issue_iid: num(hidden, 'iid'),
        link_type: 'blocks',
      }),
    );
    expect((await api('GET', `/projects/${w.pub.id}/issues/${num(blocker, 'iid')}`)).json).toMatchObject({
      blocking_issues_count: 0,
    });
    expect((await api('GET', `/projects/${w.pub.id}/issues/${num(blocker, 'iid')}`, 'victimOwner')).json).toMatchObject(
      { blocking_issues_count: 1 },
    );
  });

  it('label open_merge_requests_count respects merge_requests_enabled', async () => {
    created(await api('POST', `/projects/${w.pub.id}/labels`, 'victimOwner', { name: 'mrl', color: '#336699' }));
    created(
      await api('POST', `/projects/${w.pub.id}/merge_requests`, 'victimOwner', {
        title: 'mr',
        source_branch: 'feature',
        target_branch: 'main',
        labels: 'mrl',
      }),
    );
    await s.db.updateTable('projects').set({ merge_requests_enabled: false }).where('id', '=', w.pub.id).execute();
    const labels = await api('GET', `/projects/${w.pub.id}/labels?with_counts=true`);
    const mrl = (labels.json as Array<{ name: string; open_merge_requests_count: number }>).find(
      (l) => l.name === 'mrl',
    );
    expect(mrl?.open_merge_requests_count).toBe(0);
    await s.db.updateTable('projects').set({ merge_requests_enabled: true }).where('id', '=', w.pub.id).execute();
  });

  it('a page of issues costs a fixed number of statements whatever its size (no N+1)', async () => {
    const cost = (perPage: number) =>
      countStatements(s.database, async () => {
        const r = await api('GET', `/projects/${w.pub.id}/issues?per_page=${perPage}`, 'victimOwner');
        expect(r.status).toBe(200);
      });
    for (let i = 0; i < 4; i++) await api('POST', `/projects/${w.pub.id}/issues`, 'victimOwner', { title: `n${i}` });
    expect(await cost(5)).toBe(await cost(1));
  });
});

describe('L3 — the keyset cursor is no existence oracle', () => {
  it.each([
    {
      rows: 'issue',
      list: () => `/projects/${w.pub.id}/issues?pagination=keyset&order_by=updated_at`,
      create: () => api('POST', `/projects/${w.pub.id}/issues`, 'victimOwner', { title: 'hidden', confidential: true }),
      reader: 'victimOwner' as const,
    },
    {
      rows: 'merge request',
      list: () => `/projects/${w.pub.id}/merge_requests?pagination=keyset&order_by=created_at`,
      create: () =>
        api('POST', `/projects/${w.web.id}/merge_requests`, 'owner', {
          title: 'internal mr',
          source_branch: 'feature',
          target_branch: 'main',
        }),
      reader: 'owner' as const,
    },
  ])('a hidden $rows id and a missing one give the same 400', async ({ list, create, reader }) => {
    const hidden = created(await create());
    const q = (id: number) => `${list()}&cursor=${encodeURIComponent(encodeCursor({ id }))}`;
    const forHidden = await api('GET', q(num(hidden, 'id')));
    const forMissing = await api('GET', q(1_999_999));
    expect(forHidden.status).toBe(400);
    expect(forHidden).toEqual(forMissing);
    expect(forHidden.json).toMatchObject({ field: 'cursor' });
    // A readable cursor still pages.
    expect((await api('GET', q(num(hidden, 'id')), reader)).status).toBe(200);
  });
});

describe('L4 — filters with a hidden epic id answer like a missing id', () => {
  it('epic_id / not[epic_id] on issues and parent_id on epics', async () => {
    const secret = created(
      await api('POST', `/groups/${w.acme.id}/epics`, 'owner', { title: 's', confidential: true }),
    );
    created(
      await api('POST', `/groups/${w.acme.id}/epics`, 'owner', {
        title: 'child',
        confidential: true,
        parent_id: num(secret, 'id'),
      }),
    );
    await openChildOf(secret, 'open child');
    created(
      await api('POST', `/projects/${w.web.id}/issues`, 'owner', {
        title: 'in secret',
        confidential: true,
        epic_id: num(secret, 'id'),
      }),
    );
    const same = async (path: (id: number) => string) => {
      const hidden = await api('GET', path(num(secret, 'id')), 'projPlanner');
      const missing = await api('GET', path(1_999_999), 'projPlanner');
      expect(hidden.status).toBe(missing.status);
      expect(hidden.json).toEqual(missing.json);
    };
    await same((id) => `/groups/${w.acme.id}/issues?epic_id=${id}`);
    await same((id) => `/groups/${w.acme.id}/issues?not[epic_id]=${id}`);
    await same((id) => `/projects/${w.web.id}/issues?epic_id=${id}`);
    await same((id) => `/groups/${w.acme.id}/epics?parent_id=${id}`);
    expect(
      ((await api('GET', `/groups/${w.acme.id}/epics?parent_id=${num(secret, 'id')}`, 'owner')).json as unknown[])
        .length,
    ).toBe(2);
    // A project-only planner sees the confidential issue (Planner+ on the project) but not the group's confidential epic.
    expect(
      ((await api('GET', `/groups/${w.acme.id}/issues?epic_id=${num(secret, 'id')}`, 'owner')).json as unknown[])
        .length,
    ).toBe(1);
  });
});

describe('L1 — label description_html is rendered, sanitized Markdown', () => {
  it('issues and epics with_labels_details never echo raw HTML', async () => {
    created(
      await api('POST', `/groups/${w.acme.id}/labels`, 'owner', {
        name: 'xss',
        color: '#aa0000',
        description: '<img src=x onerror=alert(1)> **bold**',
      }),
    );
    created(await api('POST', `/projects/${w.web.id}/issues`, 'owner', { title: 'labelled', labels: 'xss' }));
    created(await api('POST', `/groups/${w.acme.id}/epics`, 'owner', { title: 'labelled', labels: 'xss' }));
    const issues = await api('GET', `/projects/${w.web.id}/issues?labels=xss&with_labels_details=true`, 'owner');
    const epics = await api('GET', `/groups/${w.acme.id}/epics?labels=xss&with_labels_details=true`, 'owner');
    for (const list of [issues.json, epics.json] as Array<Array<{ labels: Array<{ description_html: string }> }>>) {
      const html = list[0]?.labels[0]?.description_html ?? '';
      expect(html).toContain('<strong>bold</strong>');
      expect(html).not.toContain('onerror');
    }
  });
});

describe('L16 — issues_enabled and archived are enforced', () => {
  it('issues disabled: hidden from project and group lists, 404 single, 403 create', async () => {
    const { p, issue } = await projectWithIssue('noissues', 'before');
    await s.db.updateTable('projects').set({ issues_enabled: false }).where('id', '=', p.id).execute();
    expect((await api('GET', `/projects/${p.id}/issues`, 'owner')).json).toEqual([]);
    expect((await api('GET', `/projects/${p.id}/issues/${num(issue, 'iid')}`, 'owner')).status).toBe(404);
    const group = (await api('GET', `/groups/${w.acme.id}/issues?search=before`, 'owner')).json as unknown[];
    expect(group).toEqual([]);
    expect((await api('POST', `/projects/${p.id}/issues`, 'owner', { title: 'after' })).status).toBe(403);
  });

  it('archived: issues and merge requests are read-only (403 "Project is archived")', async () => {
    const { p, issue } = await projectWithIssue('old', 'frozen');
    await s.db.updateTable('projects').set({ archived: true }).where('id', '=', p.id).execute();
    expect((await api('GET', `/projects/${p.id}/issues/${num(issue, 'iid')}`, 'owner')).status).toBe(200);
    const put = await api('PUT', `/projects/${p.id}/issues/${num(issue, 'iid')}`, 'owner', { title: 'thawed' });
    expect(put.status).toBe(403);
    expect(JSON.stringify(put.json)).toContain('Project is archived');
    expect((await api('POST', `/projects/${p.id}/issues`, 'owner', { title: 'new' })).status).toBe(403);
    const note = await api('POST', `/projects/${p.id}/issues/${num(issue, 'iid')}/notes`, 'owner', { body: 'hi' });
    expect(note.status).toBe(403);
    const mr = await api('POST', `/projects/${p.id}/merge_requests`, 'owner', {
      title: 'mr',
      source_branch: 'a',
      target_branch: 'b',
    });
    expect(mr.status).toBe(403);
  });
});

describe('I2 and the confidential-epic create note', () => {
  it('related epics do not reveal a parent the viewer cannot read', async () => {
    const secret = created(
      await api('POST', `/groups/${w.acme.id}/epics`, 'owner', { title: 'secret parent', confidential: true }),
    );
    const child = await openChildOf(secret, 'open child');
    const other = created(await api('POST', `/groups/${w.acme.id}/epics`, 'owner', { title: 'other' }));
    created(
      await api('POST', `/groups/${w.acme.id}/epics/${num(other, 'iid')}/related_epics`, 'owner', {
        target_group_id: String(w.acme.id),
        target_epic_iid: num(child, 'iid'),
      }),
    );
    const asGuest = await api('GET', `/groups/${w.acme.id}/epics/${num(other, 'iid')}/related_epics`, 'guest');
    expect(asGuest.json).toEqual([
      expect.objectContaining({ id: num(child, 'id'), parent_id: null, parent_iid: null }),
    ]);
    const asOwner = await api('GET', `/groups/${w.acme.id}/epics/${num(other, 'iid')}/related_epics`, 'owner');
    expect(asOwner.json).toEqual([expect.objectContaining({ parent_id: num(secret, 'id') })]);

    // The epic itself, the group's list and GraphQL hide the parent the same way.
    const single = await api('GET', `/groups/${w.acme.id}/epics/${num(child, 'iid')}`, 'guest');
    expect(single.json).toMatchObject({ parent_id: null, parent_iid: null });
    expect((single.json as { _links: Record<string, unknown> })._links.parent ?? null).toBeNull();
    const list = await api('GET', `/groups/${w.acme.id}/epics?search=open%20child`, 'guest');
    expect(
      (list.json as { id: number; parent_id: number | null }[]).find((e) => e.id === num(child, 'id')),
    ).toMatchObject({ parent_id: null });
    const fullPath = ((await api('GET', `/groups/${w.acme.id}`, 'owner')).json as { full_path: string }).full_path;
    const graphql = async (who: 'guest' | 'owner') => {
      const r = await s.http('/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'private-token': tokens[who] ?? '' },
        body: JSON.stringify({
          query: `{ group(fullPath: "${fullPath}") { epic(iid: "${num(child, 'iid')}") { hasParent parent { id } } } }`,
        }),
      });
      return ((await r.json()) as { data: { group: { epic: unknown } } }).data.group.epic;
    };
    expect(await graphql('guest')).toEqual({ hasParent: false, parent: null });
    expect(await graphql('owner')).toMatchObject({ hasParent: true });
  });

  it('a group Planner creates a confidential epic and reads it back (GitLab: planner reads confidential epics)', async () => {
    await s.db
      .insertInto('group_members')
      .values({ group_id: w.acme.id, user_id: w.uid.projPlanner, access_level: 15 })
      .execute();
    const r = await api('POST', `/groups/${w.acme.id}/epics`, 'projPlanner', { title: 'c', confidential: true });
    expect(r.status).toBe(201);
    const iid = num(r, 'iid');
    expect((await api('GET', `/groups/${w.acme.id}/epics/${iid}`, 'projPlanner')).status).toBe(200);
    await s.db
      .deleteFrom('group_members')
      .where('group_id', '=', w.acme.id)
      .where('user_id', '=', w.uid.projPlanner)
      .execute();
  });
});
