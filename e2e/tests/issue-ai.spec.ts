import { expect, test } from '@playwright/test';
import { authFile } from './auth';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * Issue 29 "Beyond": the issue AI features in Chromium against the OpenAI-compatible stand-in the
 * e2e server's AI_BASE_URL names (playwright.config.ts). The stand-in echoes the prompt it got, so
 * what the page shows proves what was sent; the features disappear when the group turns AI off.
 */
const project = useIssueProject('issue-ai', ['Checkout fails on Safari'], async ({ api, projectId }) => {
  await api('POST', `/projects/${projectId}/issues/1/notes`, {
    body: 'Reproduced on Safari 17: the **pay** button stays grey.',
  });
  await api('POST', `/projects/${projectId}/issues/1/notes`, { body: 'Also on iPad <img src=x onerror=alert(1)>' });
  for (const [name, color] of [
    ['bug', '#dd2b0e'],
    ['frontend', '#1f75cb'],
  ] as const) {
    await api('POST', `/projects/${projectId}/labels`, { name, color });
  }
});

test.use({ storageState: authFile('alice') });

test('View summary: the comments summarised through the provider, shown as sanitised Markdown', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(project.issueUrl(1));
  await page.getByRole('button', { name: 'View summary' }).click();
  const summary = page.getByTestId('ai-summary');
  await expect(summary.getByText('Summary of 2 comments')).toBeVisible();
  // The stand-in echoes its prompt: the title and both comments went in, with their authors.
  await expect(summary).toContainText('Echo: Issue: Checkout fails on Safari');
  await expect(summary).toContainText('@alice');
  await expect(summary.locator('strong', { hasText: 'pay' })).toBeVisible();
  await expect(summary.locator('img[onerror]')).toHaveCount(0);
  await settledScreenshot(page, 'issue-ai-summary');
  expect(dialogs).toEqual([]);
  await summary.getByRole('button', { name: 'Hide summary' }).click();
  await expect(summary).toBeHidden();
});

test('Generate issue description, then Suggest labels among the existing ones', async ({ page }) => {
  await page.goto(`/${project.projectPath}/-/issues/new`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Dark mode for the board');
  await page.getByRole('button', { name: 'Generate issue description' }).click();
  await page.getByRole('textbox', { name: 'Short description' }).fill('Users ask for it in the evening');
  await settledScreenshot(page, 'issue-ai-generate-description-form');
  await page.getByRole('button', { name: 'Submit' }).click();
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await expect(description).toHaveValue(
    /^Echo: Title: Dark mode for the board\n\nThe author's notes:\nUsers ask for it/,
  );
  await page.getByRole('button', { name: 'Suggest labels' }).click();
  // The stand-in echoes the list it was given; only labels that exist come back.
  await expect(page.getByRole('button', { name: 'Add label bug' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add label frontend' })).toBeVisible();
  await page.getByRole('button', { name: 'Add label frontend' }).click();
  await expect(page.getByRole('button', { name: 'frontend added' })).toBeDisabled();
  await settledScreenshot(page, 'issue-ai-new-issue');
  await page.getByRole('button', { name: 'Create issue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dark mode for the board' })).toBeVisible();
  await expect(page.getByTestId('label').filter({ hasText: 'frontend' }).first()).toBeVisible();
});

test('none of the features is offered when the group turns GitLab Duo off', async ({ page }) => {
  await project.api('PUT', `/groups/${project.groupId}`, { duo_availability: 'never_on' });
  try {
    await page.goto(project.issueUrl(1));
    await expect(page.getByText('Also on iPad')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View summary' })).toHaveCount(0);
    await page.goto(`/${project.projectPath}/-/issues/new`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create issue' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate issue description' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Suggest labels' })).toHaveCount(0);
  } finally {
    await project.api('PUT', `/groups/${project.groupId}`, { duo_availability: 'default_on' });
  }
});
