import { type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { type SessionApi, sessionApi } from './session-api';

/** A private group and project of one spec, made through the API as alice before its tests and deleted after. */
export interface IssueProject {
  api: SessionApi;
  groupId: number;
  projectId: number;
  groupPath: string;
  projectPath: string;
  issueUrl: (iid: number) => string;
}

/**
 * Registers the spec's beforeAll/afterAll: a group `<name>-<time>` with project `app` and one issue
 * per title (iids in order), then `setUp` for whatever else the spec needs (labels, links …).
 */
export function useIssueProject(
  name: string,
  titles: readonly string[],
  setUp: (project: IssueProject) => Promise<void> = async () => {},
): IssueProject {
  const groupPath = `${name}-${Date.now().toString(36)}`;
  const projectPath = `${groupPath}/app`;
  const handle: IssueProject = {
    api: async () => ({}),
    groupId: 0,
    projectId: 0,
    groupPath,
    projectPath,
    issueUrl: (iid) => `/${projectPath}/-/issues/${iid}`,
  };
  let setupPage: Page;
  test.beforeAll(async ({ browser }) => {
    setupPage = await browser.newPage({ storageState: authFile('alice') });
    const api = await sessionApi(setupPage);
    handle.api = api;
    const group = await api('POST', '/groups', { name: `${name} e2e`, path: groupPath, visibility: 'private' });
    handle.groupId = group.id as number;
    const project = await api('POST', '/projects', { name: 'app', path: 'app', namespace_id: handle.groupId });
    handle.projectId = project.id as number;
    for (const title of titles) {
      await api('POST', `/projects/${handle.projectId}/issues`, { title, description: `About **${title}**` });
    }
    await setUp(handle);
  });
  test.afterAll(async () => {
    if (handle.groupId) await handle.api('DELETE', `/groups/${handle.groupId}`);
    await setupPage?.close();
  });
  return handle;
}

/** Makes the seeded user `username` a member of the group with GitLab's `access_level` (20 Reporter, 30 Developer …). */
export async function addGroupMember(api: SessionApi, groupId: number, username: string, accessLevel: number) {
  const [user] = (await api('GET', `/users?username=${username}`)) as unknown as Array<{ id: number }>;
  await api('POST', `/groups/${groupId}/members`, { user_id: user?.id, access_level: accessLevel });
}
