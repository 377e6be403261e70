import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, addProjectMember, createGroup, createProject } from '../../test/factories';
import { dig, gql } from '../../test/graphql-client';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({
  prefix: 'tplp_',
  users: ['groupMaintainer', 'developer', 'reporter', 'projectMaintainer'],
  admins: ['admin'],
});

const FLAGS = `query($group: ID!, $project: ID!) {
  group(fullPath: $group) { userPermissions { adminIssuableTemplates } }
  project(fullPath: $project) { userPermissions { adminIssuableTemplates } }
}`;

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'tplpgroup' });
  const project = await createProject(t.db, { namespaceId: group.id, path: 'app' });
  await addGroupMember(t.db, group.id, t.uid.groupMaintainer as number, AccessLevel.MAINTAINER);
  await addGroupMember(t.db, group.id, t.uid.developer as number, AccessLevel.DEVELOPER);
  await addGroupMember(t.db, group.id, t.uid.reporter as number, AccessLevel.REPORTER);
  await addProjectMember(t.db, project.id, t.uid.projectMaintainer as number, AccessLevel.MAINTAINER);
});

/** The flag as REST (`GET /groups/:id`, `GET /projects/:id`) and GraphQL answer it, for one user. */
async function flags(who: string) {
  const group = await t.api('GET', '/groups/tplpgroup', who);
  const project = await t.api('GET', `/projects/${encodeURIComponent('tplpgroup/app')}`, who);
  const graph = await gql(t.app, FLAGS, { group: 'tplpgroup', project: 'tplpgroup/app' }, t.tok[who]);
  return {
    rest: [group.json().can_admin_issuable_templates, project.json().can_admin_issuable_templates],
    graphql: [
      dig(graph.body.data, 'group', 'userPermissions', 'adminIssuableTemplates'),
      dig(graph.body.data, 'project', 'userPermissions', 'adminIssuableTemplates'),
    ],
  };
}

describe('who may manage description templates: the flag sent with groups and projects', () => {
  it.each([
    ['a group Maintainer', 'groupMaintainer', [true, true]],
    ['a project Maintainer (the project only)', 'projectMaintainer', [false, true]],
    ['a Developer', 'developer', [false, false]],
    ['a Reporter', 'reporter', [false, false]],
    ['an administrator', 'admin', [true, true]],
  ] as const)('%s', async (_who, who, expected) => {
    const answer = await flags(who);
    expect(answer.rest).toEqual(expected);
    expect(answer.graphql).toEqual(expected);
  });

  it('matches what the templates API allows: a Developer is refused, a project Maintainer may create', async () => {
    const body = { name: 'Flag check', content: 'x' };
    const project = `/projects/${encodeURIComponent('tplpgroup/app')}/templates/issues`;
    expect((await t.api('POST', project, 'developer', body)).statusCode).toBe(403);
    expect((await t.api('POST', project, 'projectMaintainer', body)).statusCode).toBe(201);
    expect((await t.api('POST', '/groups/tplpgroup/templates/issues', 'projectMaintainer', body)).statusCode).toBe(403);
  });
});
