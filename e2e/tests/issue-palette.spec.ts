import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** Beyond GitLab: Ctrl/Cmd+K on the issue page runs any action by name (issue 11). */
const project = useIssueProject('issue-palette', ['Command me', 'Delete me by name'], async (p) => {
  await p.api('POST', `/projects/${p.projectId}/labels`, { name: 'palette', color: '#6699cc' });
});

test.use({ storageState: authFile('alice') });

async function openPalette(page: Page) {
  await page.locator('body').press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Issue commands' });
  await expect(palette).toBeVisible();
  return palette;
}

test('runs header, menu and sidebar actions by name', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(project.issueUrl(1));
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
  let palette = await openPalette(page);
  const options = palette.getByRole('option');
  await expect(options.first()).toHaveText('Edit title and description');
  await expect(palette.getByRole('option', { name: 'Edit labels' })).toBeVisible();
  await settledScreenshot(page, 'issue-command-palette');
  expect(await seriousViolations(page), 'the command palette (axe)').toEqual([]);

  // Every typed word must match; Enter runs the highlighted command.
  await palette.getByRole('combobox').fill('copy ref');
  await expect(options).toHaveText(['Copy reference']);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${project.projectPath}#1`);

  palette = await openPalette(page);
  await palette.getByRole('combobox').fill('email');
  await expect(options).toHaveText(['Copy issue email address']);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Email address copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^incoming\+issue-palette-[a-z0-9]+-app-\d+-[a-z0-9]+-issue-1@meridian\.test$/,
  );

  palette = await openPalette(page);
  await palette.getByRole('combobox').fill('label');
  await page.keyboard.press('Enter');
  const labels = page.getByRole('complementary', { name: 'Issue details' }).getByRole('region', { name: 'Labels' });
  await labels.getByRole('checkbox', { name: 'palette' }).check();
  await labels.getByRole('button', { name: 'Apply' }).click();
  await expect(labels.getByTestId('label')).toHaveText(['palette']);

  palette = await openPalette(page);
  await palette.getByRole('combobox').fill('close');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Reopen issue' })).toBeVisible();

  palette = await openPalette(page);
  await palette.getByRole('combobox').fill('nothing like this');
  await expect(palette.getByText('No matching commands')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('Delete asks first, in its own dialog', async ({ page }) => {
  await page.goto(project.issueUrl(2));
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
  const palette = await openPalette(page);
  await palette.getByRole('combobox').fill('delete');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete issue?' });
  await expect(confirm.getByText('Issue will be removed! Are you sure?')).toBeVisible();
  await expect(palette).toBeHidden();
  await confirm.getByRole('button', { name: 'Delete issue' }).click();
  await expect(page).toHaveURL(new RegExp(`/${project.projectPath}/-/issues$`));
});

test.describe('a reader who may not update the issue', () => {
  test.use({ storageState: authFile('frank') });

  test('sees only what they may run', async ({ page }) => {
    await page.goto('/acme/product/web-app/-/issues/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const palette = await openPalette(page);
    await expect(palette.getByRole('option', { name: 'Copy reference' })).toBeVisible();
    await expect(palette.getByRole('option', { name: 'Delete issue' })).toHaveCount(0);
    await expect(palette.getByRole('option', { name: /^Edit / })).toHaveCount(0);
  });
});
