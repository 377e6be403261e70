import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { addProjectMember, createGroup, createProject } from '../../test/factories';
import { useRestTestApp } from '../../test/rest-test-app';

const t = useRestTestApp({ prefix: 'cas_', users: ['member', 'outsider'] });
const { api, uid } = t;
let openProject: number;
let ids: { source: number; publicTarget: number; privateTarget: number; epic: number };

async function newIssue(projectId: number, title: string) {
  const res = await api('POST', `/projects/${projectId}/issues`, 'member', { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; iid: number };
}

beforeAll(async () => {
  const group = await createGroup(t.db, { path: 'casgroup', visibility: 20 });
  const secretGroup = await createGroup(t.db, { path: 'cassecret' });
  openProject = (await createProject(t.db, { namespaceId: group.id, path: 'open', visibility: 20 })).id;
  const secretProject = (await createProject(t.db, { namespaceId: secretGroup.id, path: 'hidden' })).id;
  await addProjectMember(t.db, openProject, uid.member as number, AccessLevel.DEVELOPER);
  await addProjectMember(t.db, secretProject, uid.member as number, AccessLevel.DEVELOPER);
  const source = await newIssue(openProject, 'Went somewhere');
  const publicTarget = await newIssue(openProject, 'The original');
  const privateTarget = await newIssue(secretProject, 'Secret home');
  const epic = await t.db
    .insertInto('epics')
    .values({ group_id: group.id, iid: 1, title: 'Promoted', author_id: uid.member as number })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids = { source: source.id, publicTarget: publicTarget.id, privateTarget: privateTarget.id, epic: epic.id };
});

const closedAs = async (who: string) => {
  const res = await api('GET', `/projects/${openProject}/issues/1`, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    duplicated: body.duplicated_to_issue_url,
    moved: body.moved_to_issue_url,
    promoted: body.promoted_to_epic_url,
  };
};

const setTargets = (values: {
  duplicated_to_id?: number | null;
  moved_to_id?: number | null;
  promoted_to_epic_id?: number | null;
}) =>
  t.db
    .updateTable('issues')
    .set({ state: 'closed', ...values })
    .where('id', '=', ids.source)
    .execute();

describe('where a closed issue went (IE §2.1 closed-as link)', () => {
  it('is all null for an issue that went nowhere', async () => {
    expect(await closedAs('member')).toEqual({ duplicated: null, moved: null, promoted: null });
  });

  it('names the duplicate, the moved-to issue and the promoted epic', async () => {
    await setTargets({
      duplicated_to_id: ids.publicTarget,
      moved_to_id: ids.privateTarget,
      promoted_to_epic_id: ids.epic,
    });
    const links = await closedAs('member');
    expect(links.duplicated).toMatch(/\/casgroup\/open\/-\/issues\/2$/);
    expect(links.moved).toMatch(/\/cassecret\/hidden\/-\/issues\/1$/);
    expect(links.promoted).toMatch(/\/groups\/casgroup\/-\/epics\/1$/);
  });

  it('never reveals a target the reader may not see', async () => {
    const links = await closedAs('outsider');
    expect(links.moved).toBeNull();
    expect(links.duplicated).toMatch(/\/casgroup\/open\/-\/issues\/2$/);
    expect((await api('GET', `/projects/${openProject}/issues/1`, undefined)).json().moved_to_issue_url).toBeNull();
  });
});
