import { expect, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** The blocked mark of issue lists and its popover (IE §2.1, §9): 3 blockers shown, titles cut at 80, '+ N more'. */
const longTitle = `A blocker whose title goes on ${'and on '.repeat(12)}until it is cut`;
const project = useIssueProject(
  'issue-blocked',
  ['Blocked by many', longTitle, 'Second blocker', 'Third blocker', 'Fourth blocker', 'Closed blocker', 'Free'],
  async (p) => {
    await p.api('POST', `/projects/${p.projectId}/issues/1/links`, {
      issuable_references: ['#2', '#3', '#4', '#5', '#6'],
      link_type: 'is_blocked_by',
    });
    await p.api('PUT', `/projects/${p.projectId}/issues/6`, { state_event: 'close' });
  },
);

test.use({ storageState: authFile('alice') });

test('hovering the blocked mark lists the first three open blockers, cut at 80, and + N more', async ({ page }) => {
  await page.goto(`/${project.projectPath}/-/issues?sort=created_asc`);
  const row = page.getByRole('row').filter({ hasText: 'Blocked by many' });
  // Closed blockers do not count; unblocked issues have no mark.
  const mark = row.getByRole('button', { name: 'Blocked by 4 issues' });
  await expect(page.getByRole('button', { name: /^Blocked by/ })).toHaveCount(1);
  await mark.hover();
  const popover = page.getByRole('dialog', { name: 'Blocked by' });
  await expect(popover.getByText('Blocked by 4')).toBeVisible();
  await expect(popover.getByRole('link')).toHaveCount(4);
  const first = popover.getByRole('link').first();
  await expect(first).toHaveText(`${longTitle.slice(0, 79)}…`);
  await expect(popover.getByRole('link', { name: 'Second blocker' })).toBeVisible();
  await expect(popover.getByRole('link', { name: 'Third blocker' })).toBeVisible();
  await settledScreenshot(page, 'issue-list-blocked-popover');
  expect(await seriousViolations(page), 'the blocked-by popover (axe)').toEqual([]);
  await popover.getByRole('link', { name: '+ 1 more' }).click();
  await expect(page).toHaveURL(new RegExp(`/${project.projectPath}/-/issues/1#related-issues$`));
  await expect(page.getByRole('heading', { name: 'Linked items 5' })).toBeVisible();
});

test('the mark opens from the keyboard too, and Escape closes it', async ({ page }) => {
  await page.goto(`/${project.projectPath}/-/issues`);
  const mark = page.getByRole('button', { name: 'Blocked by 4 issues' });
  await mark.focus();
  const popover = page.getByRole('dialog', { name: 'Blocked by' });
  await expect(popover.getByRole('link', { name: 'Second blocker' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
});
