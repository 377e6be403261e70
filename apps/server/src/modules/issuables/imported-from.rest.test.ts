import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { apiClient } from '../../test/api-client';
import { addGroupMembers, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

/** IE §2.3, §3: `imported` / `imported_from` on issues and epics, REST, page JSON and GraphQL alike. */
const t = useRestTestApp({ prefix: 'imp_', users: ['owner'] });
const { api, uid } = t;
const page = apiClient(() => t.app, t.tok, '');
let groupId: number;
let projectId: number;
const made = { issue: { id: 0, iid: 0 }, epic: { id: 0, iid: 0 }, plainIssue: { id: 0, iid: 0 } };

beforeAll(async () => {
  groupId = (await createGroup(t.db, { path: 'impg', visibility: 0 })).id;
  projectId = (await createProject(t.db, { namespaceId: groupId, path: 'impp' })).id;
  await addGroupMembers(t.db, groupId, [[uid.owner ?? 0, AccessLevel.OWNER]]);
  const create = async (path: string, title: string) => {
    const res = await api('POST', path, 'owner', { title });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; iid: number };
  };
  made.issue = await create(`/projects/${projectId}/issues`, 'Imported issue');
  made.plainIssue = await create(`/projects/${projectId}/issues`, 'Made here');
  made.epic = await create(`/groups/${groupId}/epics`, 'Imported epic');
  await t.db.updateTable('issues').set({ imported_from: 'github' }).where('id', '=', made.issue.id).execute();
  await t.db.updateTable('epics').set({ imported_from: 'jira' }).where('id', '=', made.epic.id).execute();
});

describe('imported / imported_from', () => {
  it('REST issues and epics answer them; items made here are imported_from none', async () => {
    const issue = (await api('GET', `/projects/${projectId}/issues/${made.issue.iid}`, 'owner')).json();
    expect(issue).toMatchObject({ imported: true, imported_from: 'github' });
    const plain = (await api('GET', `/projects/${projectId}/issues/${made.plainIssue.iid}`, 'owner')).json();
    expect(plain).toMatchObject({ imported: false, imported_from: 'none' });
    const epic = (await api('GET', `/groups/${groupId}/epics/${made.epic.iid}`, 'owner')).json();
    expect(epic).toMatchObject({ imported: true, imported_from: 'jira' });
    const json = (await page('GET', `/groups/impg/-/epics/${made.epic.iid}.json`, 'owner')).json();
    expect(json).toMatchObject({ imported: true, imported_from: 'jira' });
  });

  it('GraphQL Issue, Epic and WorkItem answer imported and importedFrom', async () => {
    const query = `{
      project(fullPath: "impg/impp") { issue(iid: "${made.issue.iid}") { imported importedFrom } }
      group(fullPath: "impg") { epic(iid: "${made.epic.iid}") { imported importedFrom } }
      plain: workItem(id: "gid://gitlab/WorkItem/${made.plainIssue.id}") { imported importedFrom }
    }`;
    const res = await page('POST', '/api/graphql', 'owner', { query });
    expect(res.json()).toEqual({
      data: {
        project: { issue: { imported: true, importedFrom: 'GITHUB' } },
        group: { epic: { imported: true, importedFrom: 'JIRA' } },
        plain: { imported: false, importedFrom: 'NONE' },
      },
    });
  });

  it('the column takes only GitLab’s import sources', async () => {
    await expect(
      t.db.updateTable('issues').set({ imported_from: 'svn' }).where('id', '=', made.plainIssue.id).execute(),
    ).rejects.toThrow(/imported_from/);
  });
});
