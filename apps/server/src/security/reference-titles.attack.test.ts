import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../test/factories';
import { outsideAllowList, referenceLinkTexts, resanitized } from '../test/html-allow-list';
import { type Answer, buildRelationsWorld, client, num, type RelationsWorld } from '../test/relations-world';
import { type StartedServer, startTestServer } from '../test/started-server';

/**
 * Security review 2026-11-28, H1 (and I1): a `#12+` / `#12+s` reference put the referenced title
 * into the HTML through `String.prototype.replace` with a replacement *string*, so `` $` ``, `$&`,
 * `$'` and `$$` in a title spliced the server's own `<a …` into it and the rest of the title became
 * attributes of a new element. The review's reproduction: an outsider's own public project holds
 * the hostile titles; a comment on someone else's public issue references them with `+` and `+s`.
 */
const TITLES = {
  issue: 'Release notes $` onmouseover=alert(document.domain) style=display:block;position:fixed;inset:0 x',
  mergeRequest: "Fix $' id=clobbered name=x tabindex=1 y",
  milestone: "v1 $& onfocus=alert(1) autofocus $$ &amp;$& $' z",
  epic: '$` onmouseover=alert(2) x',
} as const;

let s: StartedServer;
let w: RelationsWorld;
let api: ReturnType<typeof client>;
let tokens: Record<string, string>;
let victimIssue: { id: number; iid: number };

const ok = (r: Answer, status = 201) => {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  return r;
};

const COMMENT = 'please see evil/x#1+ and evil/x#1+s, evil/x!1+ and evil/x!1+s, evil&1+ for details';
const EXPECTED_TEXTS = [
  `${TITLES.issue} (evil/x#1)`,
  `${TITLES.issue} (evil/x#1 - ${TITLES.milestone})`,
  `${TITLES.mergeRequest} (evil/x!1)`,
  `${TITLES.mergeRequest} (evil/x!1 - ${TITLES.milestone})`,
  `${TITLES.epic} (evil&1)`,
];

/** What each H1 check asks of HTML a reader gets: the allow-list holds, it is stable, and the titles are text. */
function expectHarmless(html: string) {
  expect(outsideAllowList(html)).toEqual([]);
  const { printed, again } = resanitized(html);
  expect(again).toBe(printed);
  expect(referenceLinkTexts(html)).toEqual(EXPECTED_TEXTS);
}

beforeAll(async () => {
  s = await startTestServer();
  const built = await buildRelationsWorld(s, 'h1');
  w = built.w;
  tokens = built.tokens;
  api = client(s, tokens);
  const evil = await createGroup(s.db, { path: 'evil', visibility: 20 });
  const x = await createProject(s.db, { namespaceId: evil.id, path: 'x', visibility: 20 });
  await addGroupMember(s.db, evil.id, w.uid.outsider, AccessLevel.OWNER);
  const milestone = ok(await api('POST', `/projects/${x.id}/milestones`, 'outsider', { title: TITLES.milestone }));
  ok(
    await api('POST', `/projects/${x.id}/issues`, 'outsider', {
      title: TITLES.issue,
      milestone_id: num(milestone, 'id'),
    }),
  );
  ok(
    await api('POST', `/projects/${x.id}/merge_requests`, 'outsider', {
      title: TITLES.mergeRequest,
      source_branch: 'fix',
      target_branch: 'main',
      milestone_id: num(milestone, 'id'),
    }),
  );
  await s.db
    .insertInto('epics')
    .values({ group_id: evil.id, iid: 1, title: TITLES.epic, author_id: w.uid.outsider })
    .execute();
  const issue = ok(await api('POST', `/projects/${w.pub.id}/issues`, 'victimOwner', { title: 'A public issue' }));
  victimIssue = { id: num(issue, 'id'), iid: num(issue, 'iid') };
});
afterAll(async () => {
  await s?.close();
});

describe('H1 — hostile titles referenced with + and +s stay text', () => {
  let noteId = 0;

  it('in the answer to the comment that references them', async () => {
    const note = ok(
      await api('POST', `/projects/${w.pub.id}/issues/${victimIssue.iid}/notes`, 'outsider', { body: COMMENT }),
    );
    noteId = num(note, 'id');
    expectHarmless((note.json as { body_html: string }).body_html);
  });

  it('in every reader’s REST notes, anonymous included', async () => {
    for (const who of ['victimOwner', undefined] as const) {
      const notes = ok(await api('GET', `/projects/${w.pub.id}/issues/${victimIssue.iid}/notes`, who), 200)
        .json as Array<{ id: number; body_html: string }>;
      expectHarmless(notes.find((n) => n.id === noteId)?.body_html ?? '');
    }
  });

  it('in GraphQL descriptionHtml (a description that references them)', async () => {
    const described = ok(
      await api('POST', `/projects/${w.pub.id}/issues`, 'outsider', { title: 'See these', description: COMMENT }),
    );
    const res = await s.http('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'private-token': tokens.victimOwner ?? '' },
      body: JSON.stringify({
        query: `{ issue(id: "gid://gitlab/Issue/${num(described, 'id')}") { descriptionHtml } }`,
      }),
    });
    const body = (await res.json()) as { errors?: unknown; data: { issue: { descriptionHtml: string } } };
    expect(body.errors).toBeUndefined();
    expectHarmless(body.data.issue.descriptionHtml);
  });

  it('in the Markdown preview', async () => {
    const preview = ok(await api('POST', '/markdown', 'victimOwner', { text: COMMENT, project: 'h1victim/pub' }), 201);
    expectHarmless((preview.json as { html: string }).html);
  });
});
