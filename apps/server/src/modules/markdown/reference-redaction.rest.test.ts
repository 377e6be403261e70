import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { expectFixedStatements } from '../../test/statement-count';

const t = useRestTestApp({ prefix: 'rr_', users: ['dev', 'guest'] });
const { api } = t;
const links = (html: string) => [...html.matchAll(/data-original="([^"]*)"/g)].map((m) => m[1]?.replace('&#x26;', '&'));

const TEXT = 'Open #1, confidential #2, spam #3, missing #99, !1, &1, secret &2, other/nope#1 and @rr_dev';

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'rracme' });
  const project = await createProject(t.db, { namespaceId: group.id, path: 'web' });
  await addGroupMember(t.db, group.id, t.uid.dev as number, AccessLevel.DEVELOPER);
  await addGroupMember(t.db, group.id, t.uid.guest as number, AccessLevel.GUEST);
  const owner = t.uid.dev as number;
  await t.db
    .insertInto('issues')
    .values([
      { project_id: project.id, iid: 1, title: 'Open one', author_id: owner },
      { project_id: project.id, iid: 2, title: 'Secret', author_id: owner, confidential: true },
      { project_id: project.id, iid: 3, title: 'Spam', author_id: owner, hidden_as_spam: true },
    ])
    .execute();
  await t.db
    .insertInto('merge_requests')
    .values({ project_id: project.id, iid: 1, title: 'MR', source_branch: 'a', target_branch: 'main' })
    .execute();
  await t.db
    .insertInto('epics')
    .values([
      { group_id: group.id, iid: 1, title: 'Epic', author_id: owner },
      { group_id: group.id, iid: 2, title: 'Secret epic', author_id: owner, confidential: true },
    ])
    .execute();
  const made = await api('POST', `/projects/${project.id}/issues`, 'dev', { title: 'Links', description: TEXT });
  expect(made.statusCode).toBe(201);
  const note = await api('POST', `/projects/${project.id}/issues/${made.json().iid}/notes`, 'dev', { body: TEXT });
  expect(note.statusCode).toBe(201);
});

describe('references in stored HTML are links only where the reader may go', () => {
  it('a developer sees links to what exists and they may read (spam hidden, missing and unknown projects not)', async () => {
    const issue = (await api('GET', '/projects/rracme%2Fweb/issues/4', 'dev')).json();
    expect(links(issue.description_html)).toEqual(['#1', '#2', '!1', '&1', '&2', '@rr_dev']);
    expect(issue.description_html).toContain('missing #99');
    expect(issue.description_html).not.toContain('Secret');
  });

  it('a guest does not get links to the confidential issue or epic, in the description and in notes', async () => {
    const issue = (await api('GET', '/projects/rracme%2Fweb/issues/4', 'guest')).json();
    expect(links(issue.description_html)).toEqual(['#1', '!1', '&1', '@rr_dev']);
    expect(issue.description_html).toContain('confidential #2');
    const notes = (await api('GET', '/projects/rracme%2Fweb/issues/4/notes', 'guest')).json() as Array<{
      body_html: string;
      system: boolean;
    }>;
    const comment = notes.find((n) => !n.system);
    expect(links(comment?.body_html ?? '')).toEqual(['#1', '!1', '&1', '@rr_dev']);
  });

  it('GraphQL descriptionHtml is redacted the same way', async () => {
    const { id } = (await api('GET', '/projects/rracme%2Fweb/issues/4', 'guest')).json();
    const res = await gql(t.app, `{ issue(id: "gid://gitlab/Issue/${id}") { descriptionHtml } }`, {}, t.tok.guest);
    const html = (res.body.data as { issue: { descriptionHtml: string } }).issue.descriptionHtml;
    expect(links(html)).toEqual(['#1', '!1', '&1', '@rr_dev']);
  });

  it('the preview links only what the writer may read, and notes cost a fixed number of statements', async () => {
    const preview = await api('POST', '/markdown', 'guest', { text: '#1 #2', project: 'rracme/web' });
    expect(links(preview.json().html)).toEqual(['#1']);
    await expectFixedStatements(
      t.database,
      (n) => api('GET', `/projects/rracme%2Fweb/issues/4/notes?per_page=${n}`, 'guest'),
      [1, 20],
      12,
    );
  });
});

describe('#12+ shows the title of what the reader may read (GitLab reference format)', () => {
  const HOSTILE = `<img src=x onerror=alert(1)> "quoted" & 'single' </a><script>x</script>`;
  let projectId = 0;
  let iid = 0;

  beforeAll(async () => {
    const project = (await api('GET', '/projects/rracme%2Fweb', 'dev')).json() as { id: number };
    projectId = project.id;
    await t.db
      .insertInto('issues')
      .values({ project_id: projectId, iid: 50, title: HOSTILE, author_id: t.uid.dev as number })
      .execute();
    const made = await api('POST', `/projects/${projectId}/issues`, 'dev', {
      title: 'Titled links',
      description: 'See #1+, #50+, secret #2+, &1+ and plain #1. Not a format: #1+x, `#1+`.',
    });
    expect(made.statusCode).toBe(201);
    iid = made.json().iid;
  });

  it('renders the escaped title and the reference for a reader who may read the item', async () => {
    const html = (await api('GET', `/projects/${projectId}/issues/${iid}`, 'dev')).json().description_html as string;
    expect(html).toMatch(/data-reference-format="\+"[^>]*>Open one \(#1\)<\/a>/);
    expect(html).toContain(
      // The stringifier's escaping: `<` and `&` as character references, quotes as they are in text.
      `>&#x3C;img src=x onerror=alert(1)> "quoted" &#x26; 'single' &#x3C;/a>&#x3C;script>x&#x3C;/script> (#50)</a>`,
    );
    expect(html).toContain('>Secret (#2)</a>');
    expect(html).toContain('>Epic (&#x26;1)</a>');
    expect(html).not.toMatch(/<img|<script/);
    // `#1` stays a plain reference; `#1+x` is `#1` then text; code is never a reference.
    expect(html).toContain('>#1</a>. Not a format: <a');
    expect(html).toContain('<code>#1+</code>');
  });

  it('leaves the reference as text, without the title, for a reader who may not', async () => {
    const html = (await api('GET', `/projects/${projectId}/issues/${iid}`, 'guest')).json().description_html as string;
    expect(html).toContain('secret #2+,');
    expect(html).not.toContain('Secret (');
    expect(html).toContain('>Open one (#1)</a>');
  });
});

describe('#12+s adds the summary: assignees, milestone, health status (GitLab reference format)', () => {
  let html = '';
  let guestHtml = '';

  beforeAll(async () => {
    const project = (await api('GET', '/projects/rracme%2Fweb', 'dev')).json() as { id: number };
    const milestone = await t.db
      .insertInto('milestones')
      .values({ project_id: project.id, iid: 7, title: '<b>v1</b> & "two"' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [summed] = await t.db
      .insertInto('issues')
      .values({
        project_id: project.id,
        iid: 60,
        title: 'Summed up',
        author_id: t.uid.dev as number,
        milestone_id: milestone.id,
        health_status: 'needs_attention',
      })
      .returning('id')
      .execute();
    await t.db
      .insertInto('issue_assignees')
      .values([
        { issue_id: summed?.id as number, user_id: t.uid.guest as number },
        { issue_id: summed?.id as number, user_id: t.uid.dev as number },
      ])
      .execute();
    const made = await api('POST', `/projects/${project.id}/issues`, 'dev', {
      title: 'Summaries',
      description: 'See #60+s, #1+s, !1+s, &1+s and secret #2+s.',
    });
    expect(made.statusCode).toBe(201);
    const url = `/projects/${project.id}/issues/${made.json().iid}`;
    html = (await api('GET', url, 'dev')).json().description_html as string;
    guestHtml = (await api('GET', url, 'guest')).json().description_html as string;
  });

  it('shows the set parts after the reference, escaped, in GitLab order', () => {
    expect(html).toMatch(
      /data-reference-format="\+s"[^>]*>Summed up \(#60 - @rr_dev, @rr_guest - &#x3C;b>v1&#x3C;\/b> &#x26; "two" - Needs attention\)<\/a>/,
    );
    expect(html).toContain('>Open one (#1)</a>');
    expect(html).toContain('>MR (!1)</a>');
    expect(html).toContain('>Epic (&#x26;1)</a>');
    expect(html).toContain('>Secret (#2)</a>');
    expect(html).not.toContain('<b>v1');
  });

  it('leaves what the reader may not read as text, summary and all', () => {
    expect(guestHtml).toContain('secret #2+s.');
    expect(guestHtml).not.toContain('Secret (');
    expect(guestHtml).toContain('>Summed up (#60 - @rr_dev, @rr_guest - ');
  });
});
