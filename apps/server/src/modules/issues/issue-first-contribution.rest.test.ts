import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addGroupMember, addProjectMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({ prefix: 'ifc_', users: ['outsider', 'guest', 'developer', 'groupReporter', 'migrated'] });
const { api, uid } = t;
let projectId: number;

const open = async (who: string, title: string) => {
  const res = await api('POST', `/projects/${projectId}/issues`, who, { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { iid: number; is_first_contribution: boolean };
};

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'ifcgroup', visibility: 20 });
  projectId = (await createProject(t.db, { namespaceId: group.id, path: 'open', visibility: 20 })).id;
  await addProjectMember(t.db, projectId, uid.guest as number, AccessLevel.GUEST);
  await addProjectMember(t.db, projectId, uid.developer as number, AccessLevel.DEVELOPER);
  await addGroupMember(t.db, group.id, uid.groupReporter as number, AccessLevel.REPORTER);
});

describe('the first-contribution mark (IE §2.1)', () => {
  it("marks a non-member's or a Guest's first issue in the project, not their later ones", async () => {
    const first = await open('outsider', 'Hello, first time here');
    expect(first.is_first_contribution).toBe(true);
    expect((await open('outsider', 'Back again')).is_first_contribution).toBe(false);
    // The mark stays on the first one when it is read again.
    const reread = await api('GET', `/projects/${projectId}/issues/${first.iid}`, 'developer');
    expect(reread.json().is_first_contribution).toBe(true);
    expect((await open('guest', 'A guest writes')).is_first_contribution).toBe(true);
  });

  it('never marks project or group members above Guest', async () => {
    expect((await open('developer', 'Team work')).is_first_contribution).toBe(false);
    expect((await open('groupReporter', 'From the group')).is_first_contribution).toBe(false);
  });

  it('never marks an imported issue: it was contributed where it came from', async () => {
    const issue = await open('migrated', 'Brought over from Jira');
    expect(issue.is_first_contribution).toBe(true);
    await t.db
      .updateTable('issues')
      .set({ imported_from: 'jira' })
      .where('project_id', '=', projectId)
      .where('iid', '=', issue.iid)
      .execute();
    const reread = await api('GET', `/projects/${projectId}/issues/${issue.iid}`, 'developer');
    expect(reread.json().is_first_contribution).toBe(false);
  });
});
