import { expect, type Page, test } from '@playwright/test';
import { authFile, signedInPage } from './auth';
import { seriousViolations } from './axe';
import { addGroupMember, useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** Description templates managed in group and project settings (issue 11, IE-3, IE-4). */
const DEVELOPER = 30;
const { groupPath, projectPath } = useIssueProject('templates', [], async ({ api, groupId }) => {
  await api('POST', `/groups/${groupId}/templates/issues`, { name: 'Group incident', content: '## Impact' });
  await addGroupMember(api, groupId, 'frank', DEVELOPER);
});
const projectSettings = `/${projectPath}/-/settings/general`;
const groupSettings = `/groups/${groupPath}/-/settings/general`;

const issueTemplates = (page: Page) => page.getByRole('list', { name: 'Issue templates' });
const row = (page: Page, name: string) => issueTemplates(page).getByRole('listitem').filter({ hasText: name });

test.describe('as a Maintainer', () => {
  test.use({ storageState: authFile('alice') });

  test('creates, edits and deletes a project template, which the New issue picker offers', async ({ page }) => {
    await page.goto(`/${projectPath}/-/issues`);
    await page.getByRole('navigation', { name: 'Project navigation' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(projectSettings);
    await expect(page.getByRole('heading', { name: 'Description templates' })).toBeVisible();

    // The group's template is inherited: named with its group, and not editable here.
    const inherited = row(page, 'Group incident');
    await expect(inherited).toContainText('Inherited from templates e2e');
    await expect(inherited.getByRole('button')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add issue template' }).click();
    await page.getByLabel('Name').fill('Bug report');
    await page.getByRole('textbox', { name: 'Content' }).fill('## Steps\n\n1. first');
    await page.getByRole('button', { name: 'Add template', exact: true }).click();
    await expect(row(page, 'Bug report')).toBeVisible();

    // The server's refusals show beside the field they are about.
    await page.getByRole('button', { name: 'Add issue template' }).click();
    await page.getByLabel('Name').fill('BUG REPORT');
    await page.getByRole('button', { name: 'Add template', exact: true }).click();
    await expect(page.getByText('Template with this name already exists')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Name').fill('  ');
    await page.getByRole('button', { name: 'Add template', exact: true }).click();
    await expect(page.getByText('name is missing')).toBeVisible();
    await settledScreenshot(page, 'templates-settings-form-error');
    await page.getByLabel('Name').fill('Too big');
    await page.getByRole('textbox', { name: 'Content' }).fill('c'.repeat(100_001));
    await page.getByRole('button', { name: 'Add template', exact: true }).click();
    await expect(page.getByText('content is too long (maximum is 100000 characters)')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await row(page, 'Bug report').getByRole('button', { name: 'Edit Bug report' }).click();
    const content = page.getByRole('textbox', { name: 'Content' });
    await expect(content).toHaveValue('## Steps\n\n1. first');
    await content.fill('## Steps to reproduce\n\n1. edited');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

    expect(await seriousViolations(page)).toEqual([]);
    await settledScreenshot(page, 'templates-settings-project');

    await page.goto(`/${projectPath}/-/issues/new`);
    await page.getByLabel('Description template').selectOption('Bug report');
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('## Steps to reproduce\n\n1. edited');

    await page.goto(projectSettings);
    await row(page, 'Bug report').getByRole('button', { name: 'Delete Bug report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete template?' });
    await expect(dialog).toContainText('Bug report');
    await dialog.getByRole('button', { name: 'Delete template' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, 'Bug report')).toHaveCount(0);
    await expect(row(page, 'Group incident')).toBeVisible();
  });

  test("manages the group's own templates in the group's settings", async ({ page }) => {
    await page.goto(`/groups/${groupPath}/-/issues`);
    await page.getByRole('navigation', { name: 'Group navigation' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(groupSettings);
    await expect(row(page, 'Group incident').getByRole('button', { name: 'Edit Group incident' })).toBeVisible();
    await expect(page.getByText('No merge request templates yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('a Developer sees no Settings link and no management controls', async ({ browser }) => {
  const page = await signedInPage(browser, 'frank');
  await page.goto(`/${projectPath}/-/issues`);
  const nav = page.getByRole('navigation', { name: 'Project navigation' });
  await expect(nav.getByRole('link', { name: 'Issues' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  for (const url of [projectSettings, groupSettings]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add issue template' })).toHaveCount(0);
  }
  // The picker still offers them what they may use.
  await page.goto(`/${projectPath}/-/issues/new`);
  await expect(page.getByLabel('Description template').getByRole('option', { name: 'Group incident' })).toHaveCount(1);
  await page.context().close();
});
