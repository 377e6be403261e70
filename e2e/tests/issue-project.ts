import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { type SessionApi, sessionApi } from './session-api';

/** A private group of one spec, made through the API as alice before its tests and deleted after. */
export interface SpecGroup {
  api: SessionApi;
  groupId: number;
  groupPath: string;
}

/**
 * Registers the spec's beforeAll/afterAll: a group named `<name> e2e` at `<name in lower case>-<time>`,
 * then `setUp` for whatever else the spec needs (projects, members …).
 */
export function useSpecGroup(name: string, setUp: (group: SpecGroup) => Promise<void> = async () => {}): SpecGroup {
  const groupPath = `${name.toLowerCase()}-${Date.now().toString(36)}`;
  const handle: SpecGroup = { api: async () => ({}), groupId: 0, groupPath };
  let setupPage: Page;
  test.beforeAll(async ({ browser }) => {
    // A set-up may make hundreds of API calls (long-issue.spec.ts: 210 notes); on a loaded machine
    // with two shards running that takes longer than one test's 30 s.
    test.setTimeout(120_000);
    setupPage = await browser.newPage({ storageState: authFile('alice') });
    handle.api = await sessionApi(setupPage);
    const group = await handle.api('POST', '/groups', { name: `${name} e2e`, path: groupPath, visibility: 'private' });
    handle.groupId = group.id as number;
    await setUp(handle);
  });
  test.afterAll(async () => {
    if (handle.groupId) await handle.api('DELETE', `/groups/${handle.groupId}`);
    await setupPage?.close();
  });
  return handle;
}

/** A spec's group (see `useSpecGroup`) with a project `app` and issues. */
export interface IssueProject extends SpecGroup {
  projectId: number;
  projectPath: string;
  issueUrl: (iid: number) => string;
}

/** `useSpecGroup` with project `app` and one issue per title (iids in order), then `setUp`. */
export function useIssueProject(
  name: string,
  titles: readonly string[],
  setUp: (project: IssueProject) => Promise<void> = async () => {},
): IssueProject {
  const group = useSpecGroup(name, async ({ api, groupId }) => {
    const project = await api('POST', '/projects', { name: 'app', path: 'app', namespace_id: groupId });
    handle.projectId = project.id as number;
    for (const title of titles) {
      await api('POST', `/projects/${handle.projectId}/issues`, { title, description: `About **${title}**` });
    }
    await setUp(handle);
  });
  const projectPath = `${group.groupPath}/app`;
  // The same object as `group`, so that the api and ids it gets before the tests show here too.
  const handle: IssueProject = Object.assign(group, {
    projectId: 0,
    projectPath,
    issueUrl: (iid: number) => `/${projectPath}/-/issues/${iid}`,
  });
  return handle;
}

/** Makes the seeded user `username` a member of the group with GitLab's `access_level` (20 Reporter, 30 Developer …). */
export async function addGroupMember(api: SessionApi, groupId: number, username: string, accessLevel: number) {
  const [user] = (await api('GET', `/users?username=${username}`)) as unknown as Array<{ id: number }>;
  await api('POST', `/groups/${groupId}/members`, { user_id: user?.id, access_level: accessLevel });
}

/** Opens the group's page `link` through the group's sidebar and waits for its `<h1>` of the same name. */
export async function openFromGroupNav(page: Page, groupPath: string, link: string) {
  await page.goto(`/groups/${groupPath}`);
  await page.getByRole('navigation', { name: 'Group navigation' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
}
