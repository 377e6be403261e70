import { expect, test } from '@playwright/test';
import { authFile, signedInPage } from './auth';
import { seriousViolations } from './axe';
import { addGroupMember, useIssueProject } from './issue-project';
import { searchPicker } from './picker';
import { settledScreenshot } from './screenshots';

/**
 * The New merge request form (issue 28, IE §2.8): typed branches, the description template picker
 * starting with the project's "Default" template and asking before it replaces edits, Mark as draft,
 * assignees, reviewers, labels; the server's refusal beside the form; a Reporter sees no button and
 * a 404 page.
 */
const REPORTER = 20;
const DEFAULT_TEMPLATE = '## What does this merge request do?\n\nDescribe the change.';
const BUG_TEMPLATE = '## Bug fix\n\nCloses the bug.';
const { groupPath, projectPath } = useIssueProject('mrnew', [], async ({ api, groupId, projectId }) => {
  await api('POST', `/projects/${projectId}/templates/merge_requests`, { name: 'Default', content: DEFAULT_TEMPLATE });
  await api('POST', `/projects/${projectId}/templates/merge_requests`, { name: 'Bug fix', content: BUG_TEMPLATE });
  await api('POST', `/projects/${projectId}/labels`, { name: 'backend', color: '#428BCA' });
  await addGroupMember(api, groupId, 'frank', REPORTER);
});

test.describe('as the Owner', () => {
  test.use({ storageState: authFile('alice') });

  test('creates a draft merge request from a template and lands on its page', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.goto(`/${projectPath}/-/merge_requests`);
    await page.getByRole('link', { name: 'New merge request' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/merge_requests/new$`));
    await expect(page.getByRole('heading', { level: 1, name: 'New merge request' })).toBeVisible();

    // The project's Default template is chosen and loaded; the target is the default branch.
    const picker = page.getByRole('combobox', { name: 'Description template' });
    await expect(picker).toHaveValue('Default');
    const description = page.getByRole('textbox', { name: 'Description' });
    await expect(description).toHaveValue(DEFAULT_TEMPLATE);
    await expect(page.getByRole('textbox', { name: 'Target branch' })).toHaveValue('main');

    await page.getByRole('textbox', { name: 'Source branch' }).fill('fix/login-redirect');
    await page.getByRole('textbox', { name: 'Title' }).fill('Fix the login redirect');
    await page.getByRole('checkbox', { name: 'Mark as draft' }).check();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Draft: Fix the login redirect');

    // Another template over edited text asks first; Cancel keeps the text and the choice.
    await description.fill(`${DEFAULT_TEMPLATE}\n\nMy notes.`);
    await picker.selectOption('Bug fix');
    const warning = page.getByText('Applying a template will replace the existing content.');
    await expect(warning).toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
    await expect(description).toHaveValue(`${DEFAULT_TEMPLATE}\n\nMy notes.`);
    await expect(picker).toHaveValue('Default');
    await picker.selectOption('Bug fix');
    await page.getByRole('button', { name: 'Apply template' }).click();
    await expect(description).toHaveValue(BUG_TEMPLATE);

    const fields = page.getByRole('group', { name: 'Assignees, reviewers and planning' });
    let field = fields.getByRole('region', { name: 'Reviewers', exact: true });
    await field.getByRole('button', { name: 'Edit reviewers' }).click();
    await searchPicker(field, 'alice');
    await field.getByRole('checkbox', { name: /Alice Anderson/ }).check();
    await field.getByRole('button', { name: 'Apply' }).click();
    await expect(field.getByText('@alice')).toBeVisible();
    field = fields.getByRole('region', { name: 'Labels', exact: true });
    await field.getByRole('button', { name: 'Edit labels' }).click();
    await field.getByRole('checkbox', { name: 'backend' }).check();
    await field.getByRole('button', { name: 'Apply' }).click();
    await expect(field.getByText('backend')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/merge_requests/new$`));

    expect(await seriousViolations(page), 'the New merge request form (axe)').toEqual([]);
    await settledScreenshot(page, 'new-merge-request');
    await page.getByRole('button', { name: 'Create merge request' }).click();

    await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/merge_requests/1$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Draft: Fix the login redirect' })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bug fix' })).toBeVisible();
    await expect(page.locator('code', { hasText: 'fix/login-redirect' })).toBeVisible();
    const details = page.getByRole('complementary', { name: 'Merge request details' });
    await expect(details.getByText('backend')).toBeVisible();
    await expect(details.getByText('Alice Anderson')).toBeVisible();
  });

  test("the group list's New merge request asks for the project, then opens its form", async ({ page }) => {
    await page.goto(`/groups/${groupPath}/-/merge_requests`);
    await page.getByRole('button', { name: 'New merge request' }).click();
    const chooser = page.getByRole('dialog', { name: 'Select project to create merge request' });
    await expect(chooser.getByRole('radio')).toHaveCount(1);
    await chooser.getByRole('radio', { name: /mrnew e2e \/ app/ }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/merge_requests/new$`));
    await expect(page.getByRole('heading', { level: 1, name: 'New merge request' })).toBeVisible();
  });

  test('shows the server refusal beside the form and stays on it', async ({ page }) => {
    await page.goto(`/${projectPath}/-/merge_requests/new?merge_request%5Bsource_branch%5D=main`);
    await expect(page.getByRole('textbox', { name: 'Source branch' })).toHaveValue('main');
    await page.getByRole('textbox', { name: 'Title' }).fill('Into itself');
    await page.getByRole('button', { name: 'Create merge request' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The merge request could not be created.' });
    await expect(alert).toContainText('must differ from target_branch');
    await expect(alert).toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'Source branch' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Target branch' })).toHaveAttribute('aria-invalid', 'false');
    await expect(page).toHaveURL(/\/-\/merge_requests\/new/);
    await settledScreenshot(page, 'new-merge-request-error');
  });
});

test('a Reporter sees no New merge request button, and the form is a 404 page', async ({ browser }) => {
  const frank = await signedInPage(browser, 'frank');
  await frank.goto(`/${projectPath}/-/merge_requests`);
  await expect(frank.getByRole('heading', { level: 1, name: 'Merge requests' })).toBeVisible();
  // The button waits for the permission: once nothing is in flight, it would be there.
  await frank.waitForLoadState('networkidle');
  await expect(frank.getByRole('link', { name: 'New merge request' })).toHaveCount(0);
  // Nor on the group's list: he is Developer in none of its projects.
  await frank.goto(`/groups/${groupPath}/-/merge_requests`);
  await expect(frank.getByRole('heading', { level: 1, name: 'Merge requests' })).toBeVisible();
  await frank.waitForLoadState('networkidle');
  await expect(frank.getByRole('button', { name: 'New merge request' })).toHaveCount(0);
  await frank.goto(`/${projectPath}/-/merge_requests/new`);
  await expect(frank.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await frank.context().close();
});
