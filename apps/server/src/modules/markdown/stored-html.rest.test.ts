import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, createGroup, createProject } from '../../test/factories';
import { gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';
import { storedHtml } from './stored-html.service';

/**
 * Markdown an import stored unrendered (HTML NULL) is rendered by the first read, against the row's
 * project or group, sanitized like every rendering, stored once, and redacted per reader like any
 * stored HTML — through REST, the notes, realtime and GraphQL alike.
 */
const t = useRestTestApp({ prefix: 'sh_', users: ['dev', 'outsider'] });
const { api } = t;

const DESCRIPTION = 'See #1 and &1, <script>alert(1)</script><img src=x onerror=alert(1)> **bold**';
const ids = { project: 0, group: 0, issue: 0, epic: 0, issueNote: 0, epicNote: 0 };
const updatedAt = new Date('2026-01-02T03:04:05.000Z');

const htmlColumn = async (table: 'issues' | 'epics' | 'notes', id: number) => {
  const column = table === 'notes' ? 'note_html' : 'description_html';
  const row = await t.db
    .selectFrom(table)
    .select((eb) => [eb.ref(column).as('html'), 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row as { html: string | null; updated_at: Date };
};

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'shacme', visibility: 20 });
  const project = await createProject(t.db, { namespaceId: group.id, path: 'web', visibility: 20 });
  await addGroupMember(t.db, group.id, t.uid.dev as number, AccessLevel.DEVELOPER);
  const author = t.uid.dev as number;
  const [, issue] = await t.db
    .insertInto('issues')
    .values([
      { project_id: project.id, iid: 1, title: 'Secret plan', author_id: author, confidential: true },
      {
        project_id: project.id,
        iid: 2,
        title: 'Imported',
        author_id: author,
        description: DESCRIPTION,
        description_html: null,
        updated_at: updatedAt,
      },
    ])
    .returning('id')
    .execute();
  const epic = await t.db
    .insertInto('epics')
    .values({
      group_id: group.id,
      iid: 1,
      title: 'Imported epic',
      author_id: author,
      description: 'Parent of shacme/web#2 and &1',
      description_html: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notes = await t.db
    .insertInto('notes')
    .values([
      {
        noteable_type: 'Issue',
        noteable_id: issue?.id as number,
        project_id: project.id,
        author_id: author,
        discussion_id: 'a'.repeat(40),
        note: 'Thanks, see #2',
        note_html: null,
      },
      {
        noteable_type: 'Epic',
        noteable_id: epic.id,
        group_id: group.id,
        author_id: author,
        discussion_id: 'b'.repeat(40),
        note: 'On &1',
        note_html: null,
      },
    ])
    .returning('id')
    .execute();
  Object.assign(ids, {
    project: project.id,
    group: group.id,
    issue: issue?.id,
    epic: epic.id,
    issueNote: notes[0]?.id,
    epicNote: notes[1]?.id,
  });
});

describe("an import's unrendered Markdown", () => {
  it('is rendered by the first read against its project, sanitized, stored, and redacted for the reader', async () => {
    const shown = (await api('GET', '/projects/shacme%2Fweb/issues/2', 'dev')).json();
    expect(shown.description_html).toContain('<a href="/shacme/web/-/issues/1"');
    expect(shown.description_html).toContain('<strong>bold</strong>');
    expect(shown.description_html).not.toMatch(/<script|onerror/);
    const stored = await htmlColumn('issues', ids.issue);
    expect(stored.html).toBe(shown.description_html);
    // A cache fill, not an edit: the row's other columns stay as they were.
    expect(stored.updated_at).toEqual(updatedAt);

    // The stored HTML holds the link; a reader who may not see the confidential issue gets its text.
    const outsider = (await api('GET', '/projects/shacme%2Fweb/issues/2', 'outsider')).json();
    expect(outsider.description_html).not.toContain('/shacme/web/-/issues/1');
    expect(outsider.description_html).toContain('See #1 and');
  });

  it("renders an epic's description and its notes against its group, and an issue's notes against its project", async () => {
    const epic = (await api('GET', `/groups/${ids.group}/epics/1`, 'dev')).json();
    expect(epic.description_html).toContain('<a href="/shacme/web/-/issues/2"');
    expect(epic.description_html).toContain('<a href="/groups/shacme/-/epics/1"');
    const issueNotes = (await api('GET', '/projects/shacme%2Fweb/issues/2/notes', 'dev')).json();
    expect(issueNotes[0].body_html).toContain('<a href="/shacme/web/-/issues/2"');
    const epicNotes = (await api('GET', `/groups/${ids.group}/epics/1/notes`, 'dev')).json();
    expect(epicNotes[0].body_html).toContain('<a href="/groups/shacme/-/epics/1"');
    for (const [table, id] of [
      ['epics', ids.epic],
      ['notes', ids.issueNote],
      ['notes', ids.epicNote],
    ] as const) {
      expect((await htmlColumn(table, id)).html).toMatch(/^<p>/);
    }
  });

  it('is rendered for GraphQL descriptionHtml the same way', async () => {
    await t.db.updateTable('issues').set({ description_html: null }).where('id', '=', ids.issue).execute();
    await t.db.updateTable('epics').set({ description_html: null }).where('id', '=', ids.epic).execute();
    const query = `{ issue(id: "gid://gitlab/Issue/${ids.issue}") { descriptionHtml }
      group(fullPath: "shacme") { epic(iid: "1") { descriptionHtml } } }`;
    const res = await gql(t.app, query, {}, t.tok.dev);
    const data = res.body.data as { issue: { descriptionHtml: string }; group: { epic: { descriptionHtml: string } } };
    expect(data.issue.descriptionHtml).toContain('<a href="/shacme/web/-/issues/1"');
    expect(data.group.epic.descriptionHtml).toContain('<a href="/groups/shacme/-/epics/1"');
    expect((await htmlColumn('issues', ids.issue)).html).toBe(data.issue.descriptionHtml);
  });

  it('answers what an edit stored since the row was read, and does not write over it', async () => {
    await t.db.updateTable('issues').set({ description_html: null }).where('id', '=', ids.issue).execute();
    const edited = await api('PUT', '/projects/shacme%2Fweb/issues/2', 'dev', { description: 'Edited *now*' });
    expect(edited.statusCode).toBe(200);
    const [html] = await storedHtml(t.db, [{ table: 'issues', id: ids.issue, html: null }]);
    expect(html).toBe('<p>Edited <em>now</em></p>');
    expect((await htmlColumn('issues', ids.issue)).html).toBe(html);
  });
});
