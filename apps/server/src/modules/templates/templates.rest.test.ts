import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addProjectMember, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'tpl_',
  users: ['maintainer', 'developer', 'projectMaintainer', 'outsider'],
  admins: ['admin'],
  groups: {
    root: { path: 'tplroot', members: { maintainer: AccessLevel.MAINTAINER, developer: AccessLevel.DEVELOPER } },
    sub: { path: 'sub', parent: 'root' },
    other: { path: 'tplother' },
  },
});
const { api, uid, gid } = t;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  projectId = (await createProject(t.db, { namespaceId: gid.sub, path: 'web' })).id;
  otherProjectId = (await createProject(t.db, { namespaceId: gid.other, path: 'x' })).id;
  await addProjectMember(t.db, projectId, uid.projectMaintainer as number, AccessLevel.MAINTAINER);
});

const names = (body: string) =>
  (JSON.parse(body) as Array<{ name: string; source: string }>).map((r) => `${r.source}:${r.name}`);

describe('description templates (IE-3, IE-4)', () => {
  it("Maintainers create them in groups and projects; a project offers its own, then its groups' nearest first", async () => {
    const made = [
      await api('POST', `/groups/${gid.root}/templates/issues`, 'maintainer', { name: 'Bug', content: 'root bug' }),
      await api('POST', `/groups/${gid.root}/templates/issues`, 'maintainer', {
        name: 'Feature',
        content: 'root feature',
      }),
      await api('POST', `/groups/${gid.sub}/templates/issues`, 'maintainer', { name: 'bug', content: 'sub bug' }),
      await api('POST', `/projects/${projectId}/templates/issues`, 'projectMaintainer', {
        name: 'Incident',
        content: '## Impact',
      }),
      await api('POST', `/projects/${projectId}/templates/merge_requests`, 'maintainer', {
        name: 'Default',
        content: 'MR',
      }),
    ];
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(made[3]?.json()).toMatchObject({
      key: 'Incident',
      name: 'Incident',
      content: '## Impact',
      source: 'project',
      project_id: projectId,
      group_id: null,
    });

    const list = await api('GET', `/projects/${projectId}/templates/issues`, 'developer');
    expect(list.statusCode).toBe(200);
    expect(names(list.body)).toEqual(['project:Incident', 'group:bug', 'group:Feature']);
    expect(names((await api('GET', `/projects/${projectId}/templates/merge_requests`, 'developer')).body)).toEqual([
      'project:Default',
    ]);
    expect(names((await api('GET', `/groups/${gid.sub}/templates/issues`, 'developer')).body)).toEqual([
      'group:bug',
      'group:Feature',
    ]);
  });

  it('answers one template by name, case-insensitively, with the nearest definition', async () => {
    const bug = await api('GET', `/projects/${projectId}/templates/issues/BUG`, 'developer');
    expect(bug.statusCode).toBe(200);
    expect(bug.json()).toMatchObject({ name: 'bug', content: 'sub bug', source: 'group', group_id: gid.sub });
    const encoded = await api(
      'GET',
      `/projects/${encodeURIComponent('tplroot/sub/web')}/templates/issues/Feature`,
      'developer',
    );
    expect(encoded.json()).toMatchObject({ name: 'Feature', content: 'root feature' });
  });

  it("renames and edits a container's own template; inherited ones are edited where they live", async () => {
    const renamed = await api('PUT', `/groups/${gid.root}/templates/issues/feature`, 'maintainer', {
      name: 'Feature request',
      content: 'new',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Feature request', content: 'new' });
    const inherited = await api('PUT', `/projects/${projectId}/templates/issues/bug`, 'projectMaintainer', {
      content: 'x',
    });
    expect(inherited.statusCode).toBe(404);
  });

  it.each([
    [
      'a name taken in the same container (any case)',
      { name: 'INCIDENT' },
      409,
      'Template with this name already exists',
    ],
    ['a blank name', { name: '  ' }, 400, 'name is missing'],
    ['no name', { content: 'x' }, 400, 'name is missing'],
    ['a name with a slash', { name: 'a/b' }, 400, 'name must not contain slashes or control characters'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 400, 'name is too long (maximum is 100 characters)'],
    [
      'content over 100,000 characters',
      { name: 'big', content: 'c'.repeat(100_001) },
      400,
      'content is too long (maximum is 100000 characters)',
    ],
    ['content of the wrong type', { name: 'typed', content: 5 }, 400, 'content is invalid'],
  ])('refuses %s', async (_what, payload, status, message) => {
    const r = await api('POST', `/projects/${projectId}/templates/issues`, 'projectMaintainer', payload);
    expect(r.statusCode).toBe(status);
    expect(JSON.stringify(r.json())).toContain(message);
  });

  it.each([
    ['an anonymous reader of a private project', 'GET', `/projects/{p}/templates/issues`, undefined, 404],
    ['an outsider reading a private project', 'GET', `/projects/{p}/templates/issues/Incident`, 'outsider', 404],
    ['an unknown template', 'GET', `/projects/{p}/templates/issues/nope`, 'developer', 404],
    ['an unknown template type', 'GET', `/projects/{p}/templates/dockerfiles`, 'developer', 404],
    ['a Developer creating one', 'POST', `/projects/{p}/templates/issues`, 'developer', 403],
    [
      'a project Maintainer creating one in the group',
      'POST',
      `/groups/{g}/templates/issues`,
      'projectMaintainer',
      403,
    ],
    ['an outsider deleting one', 'DELETE', `/projects/{p}/templates/issues/Incident`, 'outsider', 404],
    ['a Developer deleting one', 'DELETE', `/projects/{p}/templates/issues/Incident`, 'developer', 403],
    ['a Developer editing one', 'PUT', `/projects/{p}/templates/issues/Incident`, 'developer', 403],
    ['an outsider editing one', 'PUT', `/projects/{p}/templates/issues/Incident`, 'outsider', 404],
    ['an outsider creating one', 'POST', `/projects/{p}/templates/issues`, 'outsider', 404],
    ['a Developer creating one in the group', 'POST', `/groups/{g}/templates/issues`, 'developer', 403],
    ['anonymous writes (sign in first)', 'POST', `/projects/{p}/templates/issues`, undefined, 401],
  ] as const)('gives %s %s', async (_who, method, path, who, status) => {
    const url = path.replace('{p}', String(projectId)).replace('{g}', String(gid.root));
    const r = await api(method, url, who, method === 'GET' || method === 'DELETE' ? undefined : { name: 'Denied' });
    expect(r.statusCode).toBe(status);
  });

  it("keeps one project's templates out of another project", async () => {
    const r = await api('GET', `/projects/${otherProjectId}/templates/issues`, 'admin');
    expect(r.json()).toEqual([]);
  });

  it('deletes a template (204), after which the inherited one of the same name shows again', async () => {
    await api('POST', `/projects/${projectId}/templates/issues`, 'projectMaintainer', {
      name: 'Bug',
      content: 'project bug',
    });
    expect((await api('GET', `/projects/${projectId}/templates/issues/bug`, 'developer')).json()).toMatchObject({
      content: 'project bug',
    });
    const gone = await api('DELETE', `/projects/${projectId}/templates/issues/Bug`, 'projectMaintainer');
    expect(gone.statusCode).toBe(204);
    expect((await api('GET', `/projects/${projectId}/templates/issues/bug`, 'developer')).json()).toMatchObject({
      content: 'sub bug',
    });
  });

  it('stores hostile markup as text: the content comes back byte for byte', async () => {
    const content = "<img src=x onerror=alert(1)> '; DROP TABLE issues; --";
    const r = await api('POST', `/projects/${projectId}/templates/issues`, 'projectMaintainer', {
      name: '<img src=x onerror=alert(2)>',
      content,
    });
    expect(r.statusCode).toBe(201);
    const back = await api(
      'GET',
      `/projects/${projectId}/templates/issues/${encodeURIComponent('<img src=x onerror=alert(2)>')}`,
      'developer',
    );
    expect(back.json()).toMatchObject({ name: '<img src=x onerror=alert(2)>', content });
  });
});

describe('IE-4: source_template_project_id', () => {
  it("answers the named project's template, 404 when that project offers none here, 400 when not an id", async () => {
    const own = await api('POST', `/projects/${otherProjectId}/templates/issues`, 'admin', {
      name: 'Shared name',
      content: 'from the other project',
    });
    expect(own.statusCode, own.body).toBe(201);
    const here = await api('POST', `/projects/${projectId}/templates/issues`, 'projectMaintainer', {
      name: 'Shared name',
      content: 'from this project',
    });
    expect(here.statusCode, here.body).toBe(201);
    const show = (query: string, id = projectId) =>
      api('GET', `/projects/${id}/templates/issues/${encodeURIComponent('Shared name')}${query}`, 'admin');

    expect((await show('')).json()).toMatchObject({ content: 'from this project', project_id: projectId });
    const bySource = await show(`?source_template_project_id=${projectId}`);
    expect(bySource.statusCode).toBe(200);
    expect(bySource.json()).toMatchObject({ content: 'from this project', project_id: projectId });
    // The other project's template of that name is not one this project offers.
    expect((await show(`?source_template_project_id=${otherProjectId}`)).statusCode).toBe(404);
    expect((await show(`?source_template_project_id=${otherProjectId}`, otherProjectId)).json()).toMatchObject({
      content: 'from the other project',
    });
    // A group template is stored in no project: naming a project finds none there.
    expect((await show(`?source_template_project_id=${projectId}`, gid.sub)).statusCode).toBe(404);
    const bad = await show('?source_template_project_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('source_template_project_id');
  });
});
