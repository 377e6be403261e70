import { expect, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * Issue lists: the blocked mark and its popover (IE §2.1, §9: 3 blockers shown, titles cut at 80,
 * '+ N more'), and the group list's New issue, which asks for the project (recent ones first).
 */
const longTitle = `A blocker whose title goes on ${'and on '.repeat(12)}until it is cut`;
const project = useIssueProject(
  'issue-lists',
  ['Blocked by many', longTitle, 'Second blocker', 'Third blocker', 'Fourth blocker', 'Closed blocker', 'Free'],
  async (p) => {
    await p.api('POST', `/projects/${p.projectId}/issues/1/links`, {
      issuable_references: ['#2', '#3', '#4', '#5', '#6'],
      link_type: 'is_blocked_by',
    });
    await p.api('PUT', `/projects/${p.projectId}/issues/6`, { state_event: 'close' });
    await p.api('POST', '/projects', { name: 'Zeta service', path: 'zeta', namespace_id: p.groupId });
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

test("the group list's New issue asks for the project, the last one used first", async ({ page }) => {
  await page.goto(`/groups/${project.groupPath}/-/issues`);
  await page.getByRole('button', { name: 'New issue' }).click();
  const chooser = page.getByRole('dialog', { name: 'Select project to create issue' });
  await expect(chooser.getByRole('radio')).toHaveCount(2);
  await expect(chooser.getByRole('group', { name: 'Recent' })).toHaveCount(0);
  expect(await seriousViolations(page), 'the project chooser (axe)').toEqual([]);
  await chooser.getByRole('radio', { name: /Zeta service/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${project.groupPath}/zeta/-/issues/new$`));
  await expect(page.getByRole('heading', { level: 1, name: 'New issue' })).toBeVisible();

  await page.goto(`/groups/${project.groupPath}/-/issues`);
  await page.getByRole('button', { name: 'New issue' }).click();
  const recent = chooser.getByRole('group', { name: 'Recent' });
  await expect(recent.getByRole('radio')).toHaveCount(1);
  await expect(recent.getByRole('radio', { name: /Zeta service/ })).toBeVisible();
  await settledScreenshot(page, 'group-new-issue-chooser');
  await chooser.getByRole('searchbox').fill('app');
  await expect(chooser.getByRole('radio')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
});
