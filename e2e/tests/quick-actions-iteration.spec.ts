import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** `/iteration --current` in a comment (issue 12): the group's cadence's iteration holding today. */
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const project = useIssueProject('qa-iteration', ['Plan me'], async ({ api, groupId }) => {
  await api('POST', `/groups/${groupId}/iteration_cadences`, {
    title: 'Two-week sprints',
    automatic: true,
    start_date: isoDay(-7),
    duration_in_weeks: 2,
    iterations_in_advance: 1,
  });
});

test.use({ storageState: authFile('alice') });

const sidebarField = (page: Page, name: string) =>
  page.getByRole('complementary', { name: 'Issue details' }).getByRole('region', { name, exact: true });

test('a comment "/iteration --current" sets the current iteration of the cadence', async ({ page }) => {
  const [current] = (await project.api(
    'GET',
    `/groups/${project.groupId}/iterations?state=current`,
  )) as unknown as Array<{ id: number; start_date: string; due_date: string }>;
  expect(current?.start_date).toBe(isoDay(-7));

  await page.goto(project.issueUrl(1));
  await expect(sidebarField(page, 'Iteration')).toContainText('None');
  await page.getByRole('button', { name: 'Write a comment or drag your files here…' }).click();
  const field = page.getByRole('textbox', { name: 'Comment', exact: true });
  await field.fill('/iteration --current');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(sidebarField(page, 'Iteration')).not.toContainText('None');
  const issue = (await project.api('GET', `/projects/${project.projectId}/issues/1`)) as {
    iteration: { id: number } | null;
  };
  expect(issue.iteration?.id).toBe(current?.id);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await settledScreenshot(page, 'quick-actions-iteration-current');
});
