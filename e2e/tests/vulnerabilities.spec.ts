import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { signUpFreshUser } from './fresh-user';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';

/**
 * IE-77: a project's Vulnerability report, from a SARIF report a Developer imports over the API (the
 * example from GitHub's code-scanning documentation: one high, one medium, one low finding). GitLab
 * (17.0 on) lets Maintainers, not Developers, change a vulnerability's status: the Owner dismisses.
 */
const sarif = readFileSync(
  join(
    dirname(fileURLToPath(import.meta.url)),
    '../../apps/server/src/test/fixtures/sarif/github-code-scanning-all-properties.sarif.json',
  ),
  'utf8',
);
const stamp = Date.now().toString(36);
const groupPath = `vulns-${stamp}`;
const projectPath = `${groupPath}/app`;
const reportUrl = `/${projectPath}/-/security/vulnerability_report`;
const guest = { username: `vuln-guest-${stamp}`, name: 'Vuln Guest', password: 'guest-password-123' };
let groupId = 0;
let projectId = 0;
let ownerApi: SessionApi;
let ownerPage: Page;

test.beforeAll(async ({ browser }) => {
  ownerPage = await browser.newPage({ storageState: authFile('alice') });
  ownerApi = await sessionApi(ownerPage);
  const group = await ownerApi('POST', '/groups', {
    name: 'Vulnerabilities e2e',
    path: groupPath,
    visibility: 'private',
  });
  groupId = group.id as number;
  projectId = (await ownerApi('POST', '/projects', { name: 'app', path: 'app', namespace_id: groupId })).id as number;
  const [frank] = (await ownerApi('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
  await ownerApi('POST', `/projects/${projectId}/members`, { user_id: frank?.id, access_level: 30 });
});

test.afterAll(async () => {
  if (groupId) await ownerApi('DELETE', `/groups/${groupId}`);
  await ownerPage?.close();
});

test('a Developer imports a SARIF report and filters the report; the Owner dismisses a finding', async ({
  browser,
}) => {
  const page = await browser.newPage({ storageState: authFile('frank') });
  await page.setViewportSize({ width: 1280, height: 900 });
  const api = await sessionApi(page);
  expect(await api('POST', `/projects/${projectId}/security/sarif`, JSON.parse(sarif))).toEqual({
    created: 3,
    existing: 0,
    total: 3,
  });
  // The same report again adds nothing.
  expect(await api('POST', `/projects/${projectId}/security/sarif`, JSON.parse(sarif))).toMatchObject({ created: 0 });

  await page.goto(`/${projectPath}`);
  await page
    .getByRole('navigation', { name: 'Project navigation' })
    .getByRole('link', { name: 'Vulnerability report' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${reportUrl}$`));
  await expect(page.getByRole('heading', { name: 'Vulnerability report' })).toBeVisible();
  for (const [severity, count] of [
    ['critical', '0'],
    ['high', '1'],
    ['medium', '1'],
    ['low', '1'],
  ] as const) {
    await expect(page.getByTestId(`count-${severity}`)).toHaveText(count);
  }
  const rows = page.getByRole('table', { name: 'Vulnerabilities' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await settledScreenshot(page, 'vulnerability-report');

  await page.getByLabel('Severity', { exact: true }).selectOption('low');
  await expect(page).toHaveURL(/severity=low/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Unused variable, import, function or class');
  await expect(rows.first()).toContainText('main.js:2');

  // A Developer reads the vulnerability but may not change its status.
  await rows.first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Unused variable, import, function or class' })).toBeVisible();
  await expect(page.getByText('Tool Name 2.0.0')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  const vulnerabilityUrl = page.url();
  await page.close();

  const owner = await browser.newPage({ storageState: authFile('alice') });
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto(vulnerabilityUrl);
  await owner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(owner.getByText('Dismissed', { exact: true })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await settledScreenshot(owner, 'vulnerability-dismissed');

  // The report opens on what needs attention: the dismissed finding is left out until asked for.
  await owner.goto(reportUrl);
  const ownerRows = owner.getByRole('table', { name: 'Vulnerabilities' }).locator('tbody tr');
  await expect(ownerRows).toHaveCount(2);
  await expect(owner.getByTestId('count-low')).toHaveText('0');
  await owner.getByLabel('Status', { exact: true }).selectOption('dismissed');
  await expect(ownerRows).toHaveCount(1);
  await expect(ownerRows.first()).toContainText('Dismissed');
  await expect(owner.getByTestId('count-low')).toHaveText('1');
  await owner.close();
});

test('a Guest of the project is not offered the report, and gets the not-found page', async ({ browser }) => {
  const page = await signUpFreshUser(browser, guest);
  const [user] = (await ownerApi('GET', `/users?username=${guest.username}`)) as unknown as Array<{ id: number }>;
  await ownerApi('POST', `/projects/${projectId}/members`, { user_id: user?.id, access_level: 10 });
  await page.goto(`/${projectPath}`);
  const navigation = page.getByRole('navigation', { name: 'Project navigation' });
  await expect(navigation.getByRole('link', { name: 'Issues' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Vulnerability report' })).toHaveCount(0);
  await page.goto(reportUrl);
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vulnerabilities' })).toHaveCount(0);
  await page.close();
});
