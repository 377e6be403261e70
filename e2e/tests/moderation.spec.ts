import { expect, test } from '@playwright/test';
import { signedInPage } from './auth';
import { seriousViolations } from './axe';
import { freshUserWithPublicProject } from './fresh-user';
import { settledScreenshot } from './screenshots';
import { sessionApi } from './session-api';

/**
 * Issue 12 "Safety": frank reports the author of a spam issue through the Report abuse drawer
 * (IE §2.4); root finds the report in Admin › Abuse reports and bans the user; the issue is then
 * gone for frank and shown to root with the hidden badge (IE §8).
 */
test('a reported spammer is banned by root and their issue is hidden from everyone else', async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const username = `spammer-${stamp}`;
  const title = `Cheap watches ${stamp}`;

  // A fresh user (banning a demo user would change the other specs' world) with a public issue.
  const {
    page: spammer,
    api,
    group,
    project,
  } = await freshUserWithPublicProject(
    browser,
    { username, name: `Spammer ${stamp}`, password: 'spam-password-1' },
    { name: `Spam ${stamp}`, path: `spam-${stamp}` },
  );
  const issue = await api('POST', `/projects/${project.id}/issues`, { title, description: 'Buy now!' });
  const issuePath = `/spam-${stamp}/shop/-/issues/${issue.iid}`;

  // frank reports the author from the issue's actions menu.
  const frank = await signedInPage(browser, 'frank');
  await frank.setViewportSize({ width: 1280, height: 900 });
  await frank.goto(issuePath);
  await expect(frank.getByRole('heading', { name: title })).toBeVisible();
  await frank.getByRole('button', { name: 'Issue actions' }).click();
  await frank.getByRole('menuitem', { name: 'Report abuse' }).click();
  const drawer = frank.getByRole('dialog', { name: 'Report abuse to administrator' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('radiogroup', { name: 'Why are you reporting this user?' })).toBeVisible();
  await expect(drawer.getByRole('radio')).toHaveCount(8);
  // The reason is required: Next without one sends nothing.
  await drawer.getByRole('button', { name: 'Next' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByText("They're posting spam.").click();
  await expect(drawer.getByRole('radio', { name: "They're posting spam." })).toBeChecked();
  expect(await seriousViolations(frank)).toEqual([]);
  await settledScreenshot(frank, 'moderation-report-drawer');
  await drawer.getByRole('button', { name: 'Next' }).click();
  await expect(drawer).toBeHidden();
  await expect(frank.getByText('Thank you for your report. An administrator will look into it shortly.')).toBeVisible();

  // The same report again (same user, same reason) is refused, and the drawer says why (GitLab's uniqueness).
  await frank.getByRole('button', { name: 'Issue actions' }).click();
  await frank.getByRole('menuitem', { name: 'Report abuse' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByText("They're posting spam.").click();
  await drawer.getByRole('button', { name: 'Next' }).click();
  await expect(drawer.getByRole('alert')).toHaveText('You have already reported this user');
  await expect(drawer).toBeVisible();
  await settledScreenshot(frank, 'moderation-report-already-reported');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // root sees the report in the admin queue and bans the user.
  const root = await signedInPage(browser, 'root');
  await root.setViewportSize({ width: 1280, height: 900 });
  await root.goto('/admin/abuse_reports');
  await expect(root.getByRole('heading', { name: 'Abuse reports' })).toBeVisible();
  const row = root.getByRole('row').filter({ hasText: `@${username}` });
  await expect(row).toContainText("They're posting spam.");
  await expect(row).toContainText('@frank');
  expect(await seriousViolations(root)).toEqual([]);
  await settledScreenshot(root, 'moderation-abuse-reports');
  await row.getByRole('button', { name: /^Ban user:/ }).click();
  const confirm = root.getByRole('dialog', { name: 'Ban user?' });
  await expect(confirm).toContainText(`Ban @${username}?`);
  await confirm.getByRole('button', { name: 'Ban user' }).click();
  await expect(root.getByText('User banned and report closed.')).toBeVisible();
  await expect(root.getByRole('row').filter({ hasText: `@${username}` })).toHaveCount(0);
  await root.getByRole('button', { name: 'Closed' }).click();
  await expect(root.getByRole('row').filter({ hasText: `@${username}` })).toContainText('Ban user by @root');

  // The issue is gone for frank, in the page and in the project's list.
  await frank.goto(issuePath);
  await expect(frank.getByRole('heading', { name: title })).toHaveCount(0);
  await frank.goto(`/spam-${stamp}/shop/-/issues`);
  await expect(frank.getByText(title)).toHaveCount(0);

  // root still sees it, with the hidden badge.
  await root.goto(issuePath);
  await expect(root.getByRole('heading', { name: title })).toBeVisible();
  await expect(
    root.getByRole('img', { name: 'This issue is hidden because its author has been banned.' }),
  ).toBeVisible();
  expect(await seriousViolations(root)).toEqual([]);
  await settledScreenshot(root, 'moderation-hidden-issue');

  const rootApi = await sessionApi(root);
  await rootApi('DELETE', `/groups/${group.id}`);
  await Promise.all([spammer.context().close(), frank.context().close(), root.context().close()]);
});
