import { expect, test } from '@playwright/test';
import { signedInPage } from './auth';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * Issue 32: moving in and out. alice imports issues from a CSV file (GitLab's import_csv): the
 * preview shows a bad row, the progress bar fills, the new issues carry the Imported badge and the
 * bad row is reported; then she exports the group from its settings and downloads the archive.
 */

const project = useIssueProject('Moving', []);

const CSV = [
  'title,description,due_date',
  'Set up the runner,Install it on **ci-1**,2026-12-24',
  ',A row without a title,',
  'Rotate the keys,Every 90 days,',
].join('\n');

test('imports issues from a CSV file with a preview, a progress bar and a report', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, 'alice');
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`/${project.projectPath}/-/issues`);
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('list', { name: 'Import issues' }).getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import issues' });
  await dialog
    .getByLabel('Upload CSV file')
    .setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(dialog.getByText('3 rows: 2 will be imported, 1 with errors will be skipped.')).toBeVisible();
  await settledScreenshot(page, 'import-csv-preview');
  await dialog.getByRole('button', { name: 'Import issues' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  const imported = dialog.getByRole('list', { name: 'Imported issues' });
  await expect(imported.getByRole('link', { name: 'Set up the runner' })).toBeVisible({ timeout: 30_000 });
  await expect(imported.getByRole('link', { name: 'Rotate the keys' })).toBeVisible();
  await expect(imported.getByText('Imported').first()).toBeVisible();
  await expect(dialog.getByText('2 issues imported, 1 row skipped.')).toBeVisible();
  await expect(dialog.getByText("Line 3: Title can't be blank")).toBeVisible();
  await settledScreenshot(page, 'import-csv-done');
  const issues = (await project.api('GET', `/projects/${project.projectId}/issues`)) as unknown as Array<{
    title: string;
    due_date: string | null;
  }>;
  expect(issues.map((i) => [i.title, i.due_date]).sort()).toEqual([
    ['Rotate the keys', null],
    ['Set up the runner', '2026-12-24'],
  ]);
});

test('exports the group from its settings and downloads the archive', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, 'alice');
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`/groups/${project.groupPath}/-/settings/general`);
  await page.getByRole('button', { name: 'Export group' }).click();
  const download = page.getByRole('link', { name: /Download export/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Group export started.', { exact: false })).toHaveCount(0);
  await settledScreenshot(page, 'group-export-ready');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/_export\.tar\.gz$/);

  // The archive comes back in as a new group, from Your groups › Import group.
  await page.goto('/dashboard/groups');
  await page.getByRole('link', { name: 'Import group' }).click();
  await expect(page).toHaveURL(/\/groups\/new$/);
  const form = page.getByRole('form', { name: 'Import group from file' });
  const copyPath = `${project.groupPath}-copy`;
  await form.getByLabel('Group name').fill(`${project.groupPath} copy`);
  await expect(form.getByLabel('Group URL')).toHaveValue(copyPath);
  await form.getByLabel('Upload file').setInputFiles(await file.path());
  await settledScreenshot(page, 'group-import-form');
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the group' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText('1 project, 2 issues, 0 epics, 0 comments and system notes imported; 0 records skipped.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: `Imported ${copyPath}` })).toBeVisible();
  await settledScreenshot(page, 'group-import-finished');
  await page.getByRole('link', { name: 'Go to the group' }).click();
  await expect(page).toHaveURL(new RegExp(`/${copyPath}$`));
  await page.goto(`/groups/${copyPath}/-/issues`);
  await page.getByRole('link', { name: 'Rotate the keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rotate the keys' })).toBeVisible();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible();
  // The import stored its Markdown unrendered: the first read renders it.
  await page.goto(`/groups/${copyPath}/-/issues`);
  await page.getByRole('link', { name: 'Set up the runner' }).click();
  await expect(page.locator('strong', { hasText: 'ci-1' })).toBeVisible();
  await settledScreenshot(page, 'group-import-issue-rendered');
});
