import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** Quick actions (issue 12) typed in the issue description: explained in the preview, run on save. */
const project = useIssueProject('quick-actions', ['Triage me', 'Comment on me'], async ({ api, projectId }) => {
  await api('POST', `/projects/${projectId}/labels`, { name: 'bug', color: '#dc2626' });
  await api('POST', `/projects/${projectId}/labels`, { name: 'in progress', color: '#2563eb' });
});
const { issueUrl } = project;

test.use({ storageState: authFile('alice') });

function sidebarField(page: Page, name: string) {
  return page.getByRole('complementary', { name: 'Issue details' }).getByRole('region', { name, exact: true });
}

test('a description with /label and /weight: the preview explains them, saving applies them', async ({ page }) => {
  await page.goto(issueUrl(1));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit title and description' });
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.fill('Needs a fix.\n/label ~bug ~"in progress"\n/weight 3');
  await form.getByRole('tab', { name: 'Preview' }).click();
  const actions = form.getByRole('region', { name: 'Quick actions' });
  await expect(actions.getByRole('listitem')).toHaveText(['Adds ~bug ~"in progress" labels.', 'Sets weight to 3.']);
  await expect(form.getByText('/label')).toHaveCount(0);
  await settledScreenshot(page, 'quick-actions-preview');
  expect(await seriousViolations(page), 'the preview with quick actions (axe)').toEqual([]);
  await form.getByRole('tab', { name: 'Write' }).click();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toHaveCount(0);
  await expect(sidebarField(page, 'Labels').getByTestId('label')).toHaveText(['bug', 'in progress']);
  await expect(page.locator('article')).toContainText('Needs a fix.');
  await expect(page.locator('article')).not.toContainText('/label');
  await settledScreenshot(page, 'quick-actions-applied');
});

test('a comment made only of commands over the API answers 202 and closes the issue', async ({ page }) => {
  const answer = await project.api('POST', `/projects/${project.projectId}/issues/2/notes`, {
    body: '/label ~bug\n/close',
  });
  expect(answer).toEqual({ commands_changes: expect.any(Object), summary: ['Added ~bug label. Closed this issue.'] });
  await page.goto(issueUrl(2));
  await expect(sidebarField(page, 'Labels').getByTestId('label')).toHaveText(['bug']);
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
});
