import { expect, test } from '@playwright/test';
import { signedInPage } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** Issue 12: the Notifications preferences page sets the global level and a level per group and project. */
const project = useIssueProject('notify', []);

test('alice sets her global level, a group level and a custom project level; they hold after a reload', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'alice');
  await page.goto('/');
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/-\/profile\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText('Global notification email:')).toContainText('@');

  const global = page.getByLabel('Global notification level');
  await expect(global).toHaveValue('participating');
  await expect(global.locator('option')).toHaveText(['Watch', 'Participate', 'On mention', 'Custom', 'Disabled']);
  await global.selectOption('mention');
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(
    page.getByText('You will receive notifications only for comments in which you were @mentioned'),
  ).toBeVisible();

  const groupLevel = page.getByLabel('Notification level for notify e2e', { exact: true });
  await expect(groupLevel).toHaveValue('global');
  await groupLevel.selectOption('watch');

  const projectLevel = page.getByLabel('Notification level for notify e2e / app', { exact: true });
  await projectLevel.selectOption('custom');
  const events = page.getByRole('group', { name: 'Custom notification events for notify e2e / app' });
  await events.getByLabel('Close issue').check();
  await expect(events.getByLabel('Close issue')).toBeChecked();
  await settledScreenshot(page, 'notification-settings');
  expect(await seriousViolations(page), 'the Notifications page (axe)').toEqual([]);

  await page.reload();
  await expect(page.getByLabel('Global notification level')).toHaveValue('mention');
  await settledScreenshot(page, 'notification-settings-top');
  await expect(page.getByLabel('Notification level for notify e2e', { exact: true })).toHaveValue('watch');
  await expect(page.getByLabel('Notification level for notify e2e / app', { exact: true })).toHaveValue('custom');
  await expect(
    page.getByRole('group', { name: 'Custom notification events for notify e2e / app' }).getByLabel('Close issue'),
  ).toBeChecked();
  const saved = await project.api('GET', `/projects/${project.projectId}/notification_settings`);
  expect(saved).toMatchObject({ level: 'custom', events: { close_issue: true, new_note: false } });
  // Alice's global level back to the default, for the specs after this one.
  await page.getByLabel('Global notification level').selectOption('participating');
  await expect(page.getByText('You will only receive notifications for threads you have participated in')).toHaveCount(
    1,
  );
  // The help text follows the select at once; the save is still in flight.
  await expect
    .poll(async () => ((await project.api('GET', '/notification_settings')) as { level: string }).level)
    .toBe('participating');
});
