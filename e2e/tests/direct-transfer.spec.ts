import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { allowLocalRequests } from './local-requests';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';

/**
 * Issue 32's GitLab direct transfer in the browser: alice connects to a GitLab-compatible instance with
 * a personal access token — this very Meridian, which speaks GitLab's API, as the source — sees the
 * groups she owns there, chooses one and its new URL below a group of hers, and follows the import to
 * the end; the imported issue carries the Imported badge.
 */
const stamp = Date.now().toString(36);
const sourcePath = `dt-source-${stamp}`;
const targetPath = `dt-target-${stamp}`;
let api: SessionApi;
let pages: Page[] = [];
const made: number[] = [];
let token = '';

// The source is on this machine.
allowLocalRequests();

test.beforeAll(async ({ browser }) => {
  const alice = await browser.newPage({ storageState: authFile('alice') });
  pages = [alice];
  api = await sessionApi(alice);
  const source = await api('POST', '/groups', { name: `Source ${stamp}`, path: sourcePath, visibility: 'private' });
  made.push(source.id as number);
  const project = await api('POST', '/projects', { name: 'Plans', path: 'plans', namespace_id: source.id });
  await api('POST', `/projects/${project.id}/issues`, { title: 'Carried over by direct transfer' });
  made.push(
    (await api('POST', '/groups', { name: `Target ${stamp}`, path: targetPath, visibility: 'private' })).id as number,
  );
  token = (await api('POST', '/user/personal_access_tokens', { name: 'direct transfer e2e', scopes: ['api'] }))
    .token as string;
});

test.afterAll(async () => {
  for (const id of made) await api?.('DELETE', `/groups/${id}`);
  for (const page of pages) await page.close();
});

test('imports a group from another instance after choosing it and its new URL', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ storageState: authFile('alice') });
  pages.push(page);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/groups/new');
  await page.getByRole('link', { name: 'Import groups by direct transfer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import groups by direct transfer' })).toBeVisible();

  const connect = page.getByRole('form', { name: 'Connect to a GitLab instance' });
  await connect.getByLabel('GitLab source instance base URL').fill(baseURL as string);
  await connect.getByLabel('Personal access token').fill('not-a-token');
  await connect.getByRole('button', { name: 'Connect instance' }).click();
  await expect(page.getByText('the access token was refused by the source instance')).toBeVisible();
  await connect.getByLabel('Personal access token').fill(token);
  await connect.getByRole('button', { name: 'Connect again' }).click();

  const choose = page.getByRole('form', { name: `Groups on ${baseURL}` });
  await choose.getByLabel('Filter by source group').fill(sourcePath);
  const groups = choose.getByRole('table', { name: 'Source groups' });
  await expect(groups.getByRole('row')).toHaveCount(2);
  await groups.getByLabel(`Import ${sourcePath}`).check();
  await groups.getByLabel(`New group URL for ${sourcePath}`).fill('moved');
  await choose.getByLabel('Import into group (full path; empty for a top-level group)').fill(targetPath);
  await settledScreenshot(page, 'direct-transfer-choose');
  await choose.getByRole('button', { name: 'Import 1 group' }).click();

  const progress = page.getByRole('region', { name: `Import of ${sourcePath}` });
  await expect(progress.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(progress.getByRole('link', { name: `Go to ${targetPath}/moved` })).toBeVisible({ timeout: 90_000 });
  await expect(progress.getByText(/records · .*done|records · done/)).toBeVisible();
  await expect(
    progress.getByRole('table', { name: 'Items per kind' }).getByRole('row', { name: /^Issues 1 0 1$/ }),
  ).toBeVisible();
  await settledScreenshot(page, 'direct-transfer-done');

  // The history lists it, linked to the new group.
  await page.goto('/import/bulk_imports/history');
  const history = page.getByRole('table', { name: 'Imported groups' });
  await expect(
    history.getByRole('row', { name: new RegExp(`^${sourcePath} ${targetPath}/moved .* Complete$`) }),
  ).toBeVisible();
  await settledScreenshot(page, 'direct-transfer-history');

  await page.goto(`/groups/${targetPath}/moved/-/issues`);
  await page.getByRole('link', { name: 'Carried over by direct transfer' }).click();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible();
});
