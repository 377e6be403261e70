import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startStandInJira } from '../../apps/server/src/test/jira/stand-in-jira';
import { authFile, signedInPage } from './auth';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';
import { sessionApi } from './session-api';

/**
 * Issue 32: alice imports a Jira CSV export (the server tests' sample, written from Jira's documented
 * format) from the issue list's Import menu: the mapping preview shows the file's issue types and
 * statuses, she skips one type, starts, follows the progress bar, reads the report of what was
 * skipped and finds the issues with the Imported badge, their comments and their tasks.
 */

const project = useIssueProject('Jira', []);
const SAMPLE = readFileSync(join(import.meta.dirname, '../../apps/server/src/test/jira/jira-issues.csv'));

test('imports a Jira CSV export with an editable mapping, a progress bar and a report', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'alice');
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`/${project.projectPath}/-/issues`);
  await page.getByRole('button', { name: 'Import' }).click();
  const menu = page.getByRole('list', { name: 'Import issues' });
  await expect(menu.getByRole('button', { name: 'Import CSV' })).toBeVisible();
  await settledScreenshot(page, 'import-jira-menu');
  await menu.getByRole('link', { name: 'Import from Jira' }).click();
  await expect(page).toHaveURL(new RegExp(`/${project.projectPath}/-/import/jira$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Jira' })).toBeVisible();

  await page.getByLabel('Jira export file').setInputFiles({ name: 'jira.csv', mimeType: 'text/csv', buffer: SAMPLE });
  const mapping = page.getByRole('region', { name: 'Mapping' });
  await expect(mapping.getByText('20 issues in a Jira CSV export.')).toBeVisible();
  await expect(mapping.getByLabel('Epic becomes')).toHaveValue('epic');
  await expect(mapping.getByLabel('Sub-task becomes')).toHaveValue('task');
  await expect(mapping.getByLabel('Bug label')).toHaveValue('type::bug');
  await expect(mapping.getByLabel('Resolved becomes')).toHaveValue('closed');
  const counts = mapping.getByRole('list', { name: 'What will be imported' });
  await expect(counts.getByText('18 issues and tasks')).toBeVisible();
  // Skipping a type is counted again before the start.
  await mapping.getByLabel('Improvement becomes').selectOption('skip');
  await expect(counts.getByText('17 issues and tasks')).toBeVisible();
  await mapping.getByLabel('Bug label').fill('bug');
  await settledScreenshot(page, 'import-jira-mapping');
  // Custom fields are listed, left out unless chosen.
  const custom = mapping.getByRole('table', { name: 'Jira custom fields' });
  await expect(custom.getByLabel('Epic Name becomes')).toHaveValue('skip');
  await custom.getByLabel('Epic Name becomes').scrollIntoViewIfNeeded();
  await settledScreenshot(page, 'import-jira-custom-fields');
  await expect(mapping.getByText('1 issue skipped by the mapping')).toBeVisible();
  await expect(mapping.getByRole('list', { name: 'People' }).getByText('alice')).toBeVisible();
  await mapping.getByRole('button', { name: 'Start import' }).scrollIntoViewIfNeeded();
  await settledScreenshot(page, 'import-jira-counts');

  await mapping.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await settledScreenshot(page, 'import-jira-progress');
  await expect(page.getByRole('heading', { name: 'Imported from Jira' })).toBeVisible({ timeout: 60_000 });
  const skipped = page.getByRole('table', { name: 'Skipped items' });
  await expect(skipped.getByText('its type Improvement is mapped to be skipped')).toBeVisible();
  await expect(skipped.getByText('its epic OPS-99 is not in the file')).toBeVisible();
  await expect(skipped.getByText('custom field left out (2 issues have it)')).toBeVisible();
  await settledScreenshot(page, 'import-jira-done');

  await page.getByRole('link', { name: 'View the imported issues' }).click();
  await page.getByRole('link', { name: 'Pay with saved card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with saved card' })).toBeVisible();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible();
  await expect(page.getByText('Looks good; one nit: keep the "Pay" button', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write card form tests' }).first()).toBeVisible();
  await settledScreenshot(page, 'import-jira-issue');

  const bugs = (await project.api(
    'GET',
    `/projects/${project.projectId}/issues?labels=bug&per_page=100`,
  )) as unknown as Array<{
    title: string;
  }>;
  expect(bugs.map((i) => i.title).sort()).toEqual([
    'Crash when the basket is empty',
    'Date picker shows 31/Feb',
    'Total shows €0,00 for free orders',
  ]);
  const epics = (await project.api('GET', `/groups/${project.groupId}/epics`)) as unknown as Array<{ title: string }>;
  expect(epics.map((e) => e.title).sort()).toEqual(['Accessibility, audits & fixes', 'Checkout redesign']);

  // The same file again: the preview warns that its issues are here already, before anything is made.
  await page.goto(`/${project.projectPath}/-/import/jira`);
  await page.getByLabel('Jira export file').setInputFiles({ name: 'jira.csv', mimeType: 'text/csv', buffer: SAMPLE });
  await expect(
    page.getByText('17 issues of this file were imported into this project before', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Importing again makes copies.', { exact: false })).toBeVisible();
  await settledScreenshot(page, 'import-jira-imported-before');
});

/**
 * The attachments: alice gives the Jira site (a stand-in Jira on loopback, Jira Cloud's content endpoint
 * behind Basic authentication) with an email and an API token; the import downloads the files on the
 * site as uploads of the project, the progress counts them, the report names those it could not have,
 * and the issue's description shows the image.
 */
test('downloads the attachments from the Jira site given with an email and an API token', async ({ browser }) => {
  test.setTimeout(120_000);
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const jira = await startStandInJira({
    files: {
      '10001': { filename: 'narrow screen.png', contentType: 'image/png', data: PNG },
      '10002': { filename: 'console.log', contentType: 'text/plain', data: Buffer.from('TypeError\n') },
    },
    basic: { email: 'importer@example.com', apiToken: 'e2e-api-token' },
  });
  const root = await browser.newPage({ storageState: authFile('root') });
  const rootApi = await sessionApi(root);
  // The stand-in is on this machine: the admin allows local requests, as for webhooks.
  await rootApi('PUT', '/application/settings', { allow_local_requests_from_web_hooks_and_services: true });
  try {
    const sample = readFileSync(
      join(import.meta.dirname, '../../apps/server/src/test/jira/jira-attachments.json'),
      'utf8',
    );
    const file = Buffer.from(sample.replaceAll('{{SITE}}', () => jira.url));
    const page = await signedInPage(browser, 'alice');
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.goto(`/${project.projectPath}/-/import/jira`);
    await page
      .getByLabel('Jira export file')
      .setInputFiles({ name: 'jira.json', mimeType: 'application/json', buffer: file });
    const mapping = page.getByRole('region', { name: 'Mapping' });
    const counts = mapping.getByRole('list', { name: 'What will be imported' });
    await expect(
      counts.getByText('6 attachments listed in the report (give the Jira site to download them)'),
    ).toBeVisible();
    const site = mapping.getByRole('group', { name: 'Jira site (optional): download attachments' });
    await site.getByLabel('Web URL').fill(jira.url);
    await expect(site.getByRole('radio', { name: 'Basic' })).toBeChecked();
    await site.getByLabel('Email or username').fill('importer@example.com');
    await site.getByLabel('API token or password').fill('e2e-api-token');
    await expect(counts.getByText('6 attachments downloaded from the Jira site')).toBeVisible();
    await site.scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'import-jira-site');
    await mapping.getByRole('button', { name: 'Start import' }).click();
    await expect(page.getByRole('heading', { name: 'Imported from Jira' })).toBeVisible({ timeout: 60_000 });
    const byKind = page.getByRole('table', { name: 'Import progress by kind' });
    await expect(byKind.getByRole('row', { name: /^Attachments 3 3 6$/ })).toBeVisible();
    const skipped = page.getByRole('table', { name: 'Skipped items' });
    await expect(skipped.getByText('gone.pdf: the Jira site has no such file (404)', { exact: false })).toBeVisible();
    await expect(
      skipped.getByText('elsewhere.png: not fetched: it is not on the Jira site', { exact: false }),
    ).toBeVisible();
    await settledScreenshot(page, 'import-jira-attachments-done');

    await page.getByRole('link', { name: 'View the imported issues' }).click();
    await page.getByRole('link', { name: 'Checkout page breaks on narrow screens' }).click();
    const image = page.getByRole('img', { name: 'narrow_screen.png' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // The log is linked below the description and where the comment names it (`[^console.log]`).
    const logLinks = page.getByRole('link', { name: 'console.log' });
    await expect(logLinks).toHaveCount(2);
    for (const link of await logLinks.all()) {
      await expect(link).toHaveAttribute('href', /\/-\/uploads\/[0-9a-f]{32}\/console\.log$/);
    }
    const comment = page.getByText('Seen again today, the stack trace is in', { exact: false });
    await expect(comment.getByRole('link', { name: 'console.log' })).toBeVisible();
    await settledScreenshot(page, 'import-jira-attachments-issue');
    expect(jira.served.get('10001')).toBe(1);
  } finally {
    await rootApi('PUT', '/application/settings', { allow_local_requests_from_web_hooks_and_services: false });
    await root.close();
    await jira.close();
  }
});
