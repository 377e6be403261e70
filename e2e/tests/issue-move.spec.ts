import { expect, test } from '@playwright/test';
import { authFile } from './auth';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * GitLab's "Move issue" (Issues::MoveService) from the issue's actions menu: pick a project, Move;
 * the page goes to the new issue there, and the original is closed with "moved to" in its activity.
 */
let otherProjectId = 0;
const project = useIssueProject('issue-move', ['Belongs elsewhere'], async ({ api, groupId }) => {
  const other = await api('POST', '/projects', { name: 'elsewhere', path: 'elsewhere', namespace_id: groupId });
  otherProjectId = other.id as number;
});

test.use({ storageState: authFile('alice') });

test('moves the issue to another project from the actions menu', async ({ page }) => {
  expect(otherProjectId).toBeGreaterThan(0);
  await page.goto(project.issueUrl(1));
  await expect(page.getByRole('heading', { name: 'Belongs elsewhere' })).toBeVisible();
  await page.getByRole('button', { name: 'Issue actions' }).click();
  await page.getByRole('menuitem', { name: 'Move issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move issue' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Project' }).fill('elsewhere');
  await page.getByRole('option', { name: /elsewhere/ }).click();
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeEnabled();
  await settledScreenshot(page, 'issue-move-dialog');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page).toHaveURL(new RegExp(`/${project.groupPath}/elsewhere/-/issues/1$`));
  await expect(page.getByRole('heading', { name: 'Belongs elsewhere' })).toBeVisible();
  await expect(page.getByText(`moved from ${project.projectPath}#1`)).toBeVisible();
  await settledScreenshot(page, 'issue-move-moved');

  await page.goto(project.issueUrl(1));
  await expect(page.getByText(`moved to ${project.groupPath}/elsewhere#1`)).toBeVisible();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
});
