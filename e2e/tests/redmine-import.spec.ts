import { expect, type Page, test } from '@playwright/test';
import { RECORDED_KEY, replayRedmine } from '../../apps/server/src/test/redmine/redmine-recording';
import { authFile } from './auth';
import { allowLocalRequests } from './local-requests';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';

/**
 * Issue 32's Redmine importer in the browser: alice connects to a Redmine — the recorded answers of
 * the test Redmine (Debian's redmine 5.0) served again on loopback, not a stand-in for Meridian — sees
 * its projects and the tracker mapping, makes Bug an incident, starts, and follows the progress to the
 * report; the imported issues carry the Imported badge.
 */
const groupPath = `redmine-${Date.now().toString(36)}`;
let groupId = 0;
let api: SessionApi;
let pages: Page[] = [];
let redmine: Awaited<ReturnType<typeof replayRedmine>>;

// The Redmine is on this machine.
allowLocalRequests();

test.beforeAll(async ({ browser }) => {
  redmine = await replayRedmine();
  const alice = await browser.newPage({ storageState: authFile('alice') });
  pages = [alice];
  api = await sessionApi(alice);
  groupId = (await api('POST', '/groups', { name: 'Redmine e2e', path: groupPath, visibility: 'private' }))
    .id as number;
});

test.afterAll(async () => {
  if (groupId) await api('DELETE', `/groups/${groupId}`);
  for (const page of pages) await page.close();
  await redmine?.close();
});

test('imports a Redmine project after showing and changing the tracker mapping', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await browser.newPage({ storageState: authFile('alice') });
  pages.push(page);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto('/groups/new');
  await page.getByRole('link', { name: 'Import from Redmine' }).click();
  await expect(page).toHaveURL(/\/-\/import\/redmine$/);
  const connect = page.getByRole('form', { name: 'Connect to Redmine' });
  await connect.getByLabel('Import into group (full path)').fill(groupPath);
  await connect.getByLabel('Redmine URL').fill(redmine.url);
  await connect.getByLabel('API key').fill('not-the-key');
  await connect.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('the API key was refused by Redmine')).toBeVisible();
  await connect.getByLabel('API key').fill(RECORDED_KEY);
  await connect.getByRole('button', { name: 'Connect' }).click();

  const mapping = page.getByRole('form', { name: 'What to import' });
  await expect(mapping.getByText('Signed in to Redmine as admin (administrator).', { exact: false })).toBeVisible();
  const trackers = mapping.getByRole('table', { name: 'Tracker mapping' });
  await expect(trackers.getByLabel('Type of Epic')).toHaveValue('epic');
  await expect(trackers.getByLabel('Type of Task')).toHaveValue('task');
  await expect(trackers.getByLabel('Type of Bug')).toHaveValue('issue');
  await trackers.getByLabel('Type of Bug').selectOption('incident');
  // The test Redmine writes CommonMark (Redmine's default is Textile, which is converted).
  await expect(mapping.getByLabel('Text formatting of the Redmine')).toHaveValue('textile');
  await mapping.getByLabel('Text formatting of the Redmine').selectOption('common_mark');
  // Every top project is chosen at first; this one stays in Redmine.
  await expect(mapping.getByRole('checkbox', { name: 'Acme (acme)' })).toBeChecked();
  await mapping.getByRole('checkbox', { name: 'Other (other)' }).uncheck();
  await settledScreenshot(page, 'redmine-import-mapping');
  await mapping.getByRole('button', { name: 'Start import' }).click();

  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the group' })).toBeVisible({ timeout: 60_000 });
  const kinds = page.getByRole('table', { name: 'Items per kind' });
  await expect(kinds.getByRole('row', { name: /^Issues 11 0 11$/ })).toBeVisible();
  await expect(kinds.getByRole('row', { name: /^Issue references 1 0 1$/ })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Skipped items' }).getByText('logged on the project, not on an issue'),
  ).toBeVisible();
  await settledScreenshot(page, 'redmine-import-done');

  // The crash (a Bug, so an incident by the mapping) with its history, and the Imported badge.
  const projects = (await api('GET', `/groups/${groupId}/projects?include_subgroups=true`)) as unknown as Array<{
    id: number;
    path_with_namespace: string;
  }>;
  const acme = projects.find((p) => p.path_with_namespace === `${groupPath}/acme/acme`);
  expect(acme).toBeDefined();
  const crash = (await api('GET', `/projects/${acme?.id}/issues/5`)) as {
    title: string;
    issue_type: string;
    imported_from: string;
  };
  expect([crash.title, crash.issue_type, crash.imported_from]).toEqual([
    'Crash on save of old drafts',
    'incident',
    'redmine',
  ]);
  await page.goto(`/${groupPath}/acme/acme/-/issues/5`);
  await expect(page.getByText('Imported', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Reproduced on', { exact: false })).toBeVisible();
  await settledScreenshot(page, 'redmine-imported-issue');

  // Redmine's `#5` in the sibling project's comment now links the crash in its own project.
  await page.goto(`/${groupPath}/acme/acme-web/-/issues/8`);
  const comment = page.getByText('Same cause as', { exact: false });
  await expect(comment).toBeVisible();
  await expect(comment.getByRole('link', { name: 'acme#5' })).toHaveAttribute(
    'href',
    `/${groupPath}/acme/acme/-/issues/5`,
  );
  await comment.scrollIntoViewIfNeeded();
  await settledScreenshot(page, 'redmine-imported-reference');
});
