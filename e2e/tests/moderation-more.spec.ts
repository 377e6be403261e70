import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { sendAbuseReport } from './abuse-report';
import { signedInPage } from './auth';
import { seriousViolations } from './axe';
import { freshUserWithPublicProject, signUpFreshUser } from './fresh-user';
import { settledScreenshot } from './screenshots';
import { sessionApi } from './session-api';

/**
 * Issue 12's remaining moderation: Report abuse from an epic's actions menu (IE §2.3, not for its own
 * author) and from a user's profile (not on your own), and Admin › Spam logs with its actions.
 */

/** Closes the abuse report on `row` of Admin › Abuse reports, through its confirmation dialog. */
async function closeReport(root: Page, row: Locator) {
  await row.getByRole('button', { name: /^Close:/ }).click();
  await root
    .getByRole('dialog', { name: 'Close?' })
    .getByRole('button', { name: 'Close' })
    .filter({ hasText: /^Close$/ })
    .click();
  await expect(root.getByText('Report closed.')).toBeVisible();
}

/** The reason these reports give (the admin queue shows it). */
const OFFENSIVE = "They're being offensive or abusive.";

async function page(browser: Browser, user: 'alice' | 'frank' | 'root') {
  const p = await signedInPage(browser, user);
  await p.setViewportSize({ width: 1280, height: 900 });
  return p;
}

test('report abuse from an epic: offered to others, not to its author', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const alice = await page(browser, 'alice');
  await alice.goto('/');
  const api = await sessionApi(alice);
  const group = await api('POST', '/groups', { name: `Abuse ${stamp}`, path: `abuse-${stamp}`, visibility: 'public' });
  const epic = await api('POST', `/groups/${group.id}/epics`, { title: `Epic by alice ${stamp}` });
  const epicUrl = `/groups/abuse-${stamp}/-/epics/${epic.iid}`;

  // Her own epic: the menu has Copy reference, not Report abuse.
  await alice.goto(epicUrl);
  await alice.getByRole('button', { name: 'Epic actions' }).click();
  await expect(alice.getByRole('menuitem', { name: 'Copy reference' })).toBeVisible();
  await expect(alice.getByRole('menuitem', { name: 'Report abuse' })).toHaveCount(0);

  const frank = await page(browser, 'frank');
  await frank.goto(epicUrl);
  await expect(frank.getByRole('heading', { name: `Epic by alice ${stamp}` })).toBeVisible();
  await frank.getByRole('button', { name: 'Epic actions' }).click();
  await expect(frank.getByRole('menuitem', { name: 'Report abuse' })).toBeVisible();
  await settledScreenshot(frank, 'moderation-epic-actions-menu');
  await frank.getByRole('menuitem', { name: 'Report abuse' }).click();
  await sendAbuseReport(frank, OFFENSIVE);

  // An anonymous visitor has no Report abuse either.
  const anonymous = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await anonymous.goto(epicUrl);
  await anonymous.getByRole('button', { name: 'Epic actions' }).click();
  await expect(anonymous.getByRole('menuitem', { name: 'Copy reference' })).toBeVisible();
  await expect(anonymous.getByRole('menuitem', { name: 'Report abuse' })).toHaveCount(0);

  // root finds it in the queue, reported from the epic.
  const root = await page(browser, 'root');
  await root.goto('/admin/abuse_reports');
  const row = root.getByRole('row').filter({ hasText: `/groups/abuse-${stamp}/-/epics/${epic.iid}` });
  await expect(row).toContainText('@alice');
  await expect(row).toContainText('@frank');
  await expect(row).toContainText(OFFENSIVE);
  await closeReport(root, row);
  await api('DELETE', `/groups/${group.id}`);
  await Promise.all([alice, frank, anonymous, root].map((p) => p.context().close()));
});

test('report abuse from a user profile, not on your own', async ({ browser }) => {
  // A user of its own: one report per reporter, user and category (GitLab's rule), and the epic test
  // above already has frank's report on alice in this category.
  const stamp = Date.now().toString(36);
  const username = `reported-${stamp}`;
  const anonymous = await signUpFreshUser(browser, {
    username,
    name: `Reported ${stamp}`,
    password: 'reported-password-1',
  });
  await anonymous.context().clearCookies();
  const frank = await page(browser, 'frank');
  await frank.goto(`/users/${username}`);
  await expect(frank.getByRole('heading', { name: `Reported ${stamp}` })).toBeVisible();
  await expect(frank.getByText(`@${username}`, { exact: true })).toBeVisible();
  expect(await seriousViolations(frank)).toEqual([]);
  await settledScreenshot(frank, 'moderation-user-profile');
  await frank.getByRole('button', { name: 'Report abuse' }).click();
  await sendAbuseReport(frank, OFFENSIVE);

  await frank.goto('/users/frank');
  await expect(frank.getByRole('heading', { name: 'Frank Fischer' })).toBeVisible();
  await expect(frank.getByRole('button', { name: 'Report abuse' })).toHaveCount(0);
  await frank.goto('/users/nobody-at-all-here');
  await expect(frank.getByRole('heading', { name: 'User not found' })).toBeVisible();

  await anonymous.goto(`/users/${username}`);
  await expect(anonymous.getByRole('heading', { name: `Reported ${stamp}` })).toBeVisible();
  await expect(anonymous.getByRole('button', { name: 'Report abuse' })).toHaveCount(0);

  // The report reached the queue (then closed, to leave the world as found).
  const root = await page(browser, 'root');
  await root.goto('/admin/abuse_reports');
  const row = root
    .getByRole('row')
    .filter({ hasText: `/users/${username}` })
    .first();
  await expect(row).toContainText('@frank');
  await closeReport(root, row);
  await Promise.all([frank, anonymous, root].map((p) => p.context().close()));
});

test('Admin › Spam logs: block and trust the author, then remove the user; not found for others', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const username = `spamlog-${stamp}`;
  const {
    page: spammer,
    api,
    project,
  } = await freshUserWithPublicProject(
    browser,
    { username, name: `Spam Log ${stamp}`, password: 'spam-password-1' },
    { name: `SL ${stamp}`, path: `sl-${stamp}` },
  );
  const title = `Replica bags ${stamp}`;
  const issue = await api('POST', `/projects/${project.id}/issues`, { title, description: 'Cheap!' });

  const root = await page(browser, 'root');
  await root.goto('/');
  const csrf = ((await (await root.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
  const marked = await root.request.post(`/sl-${stamp}/shop/-/issues/${issue.iid}/mark_as_spam`, {
    headers: { 'x-csrf-token': csrf, accept: 'application/json' },
  });
  expect(marked.status()).toBe(200);

  await root.getByRole('button', { name: /^User menu for/ }).click();
  await root.getByRole('menuitem', { name: 'Spam logs' }).click();
  await expect(root.getByRole('heading', { name: 'Spam logs' })).toBeVisible();
  const row = root.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`@${username}`);
  await expect(row).toContainText('Issue');
  await expect(row).toContainText('Cheap!');
  expect(await seriousViolations(root)).toEqual([]);
  await settledScreenshot(root, 'moderation-spam-logs');

  await row.getByRole('button', { name: /^Block user:/ }).click();
  await root.getByRole('dialog', { name: 'Block user?' }).getByRole('button', { name: 'Block user' }).click();
  await expect(root.getByText('User blocked.')).toBeVisible();
  await expect(row).toContainText('blocked');
  await row.getByRole('button', { name: /^Trust user:/ }).click();
  await root.getByRole('dialog', { name: 'Trust user?' }).getByRole('button', { name: 'Trust user' }).click();
  await expect(root.getByText('User trusted.')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Block user:/ })).toBeVisible();

  await row.getByRole('button', { name: /^Remove user:/ }).click();
  const confirm = root.getByRole('dialog', { name: 'Remove user?' });
  await expect(confirm).toContainText(`User @${username} will be removed! Are you sure?`);
  await confirm.getByRole('button', { name: 'Remove user' }).click();
  await expect(root.getByText('User removed.')).toBeVisible();
  await expect(root.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  const gone = await root.request.get(`/api/v4/users?username=${username}`);
  expect(await gone.json()).toEqual([]);

  // Anyone else: the page does not exist.
  const frank = await page(browser, 'frank');
  await frank.goto('/admin/spam_logs');
  await expect(frank.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(frank.getByRole('heading', { name: 'Spam logs' })).toHaveCount(0);
  await Promise.all([spammer, root, frank].map((p) => p.context().close()));
});
