import { expect, type Page, test } from '@playwright/test';
import { signUpFreshUser } from './fresh-user';
import { useIssueProject } from './issue-project';
import { screenshotPath, settledScreenshot } from './screenshots';
import { sessionApi } from './session-api';

/**
 * IE-79, IE-80 on the project's Environments page: a Maintainer protects production with one required
 * approval and records a deployment to it over the API (it is blocked); another Maintainer approves
 * it on the page; a Reporter sees the page without the buttons; a non-member gets the not-found page.
 */
const project = useIssueProject('Environments', []);

test('a blocked production deployment is approved on the Environments page', async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const person = (role: string) =>
    signUpFreshUser(browser, {
      username: `env-${role}-${stamp}`,
      name: `Env ${role} ${stamp}`,
      password: `${role}-password-1`,
    });
  const [author, approver, reporter, stranger] = await Promise.all([
    person('author'),
    person('approver'),
    person('reporter'),
    person('stranger'),
  ]);
  for (const [page, level] of [
    [author, 40],
    [approver, 40],
    [reporter, 20],
  ] as const) {
    const me = await (await sessionApi(page))('GET', '/user');
    await project.api('POST', `/projects/${project.projectId}/members`, { user_id: me.id, access_level: level });
  }

  const api = await sessionApi(author);
  await api('POST', `/projects/${project.projectId}/protected_environments`, {
    name: 'production',
    deploy_access_levels: [{ access_level: 40 }],
    required_approval_count: 1,
  });
  const deployment = await api('POST', `/projects/${project.projectId}/deployments`, {
    environment: 'production',
    sha: '0123456789abcdef0123456789abcdef01234567',
    ref: 'main',
    tag: false,
    status: 'running',
  });
  expect(deployment).toMatchObject({ status: 'blocked', pending_approval_count: 1 });

  const url = `/${project.projectPath}/-/environments`;
  const card = (page: Page) =>
    page
      .getByRole('list', { name: 'Environments' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { name: 'production' }),
      });

  // The Reporter sees the environment and its blocked deployment, but no buttons.
  await reporter.goto(url);
  await expect(reporter.getByRole('heading', { level: 1, name: 'Environments' })).toBeVisible();
  await expect(card(reporter).getByText('blocked', { exact: true })).toBeVisible();
  await expect(card(reporter).getByText(/Waiting for 1 approval/)).toBeVisible();
  await expect(reporter.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(reporter.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  // Its author may not approve their own deployment: no buttons either.
  await author.goto(url);
  await expect(card(author).getByText('blocked', { exact: true })).toBeVisible();
  await expect(author.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // Another Maintainer approves it from the page; the deployment is unblocked.
  await approver.setViewportSize({ width: 1280, height: 800 });
  await approver.goto(url);
  const production = card(approver);
  await expect(production.getByText('blocked', { exact: true })).toBeVisible();
  await expect(production.getByRole('button', { name: 'Reject' })).toBeVisible();
  await settledScreenshot(approver, 'environments-blocked');
  await production.getByRole('button', { name: 'Approve' }).click();
  await expect(production.getByText('created', { exact: true })).toBeVisible();
  await expect(production.getByText(/Deployment approval:.*Approved/)).toBeVisible();
  await expect(production.getByText(new RegExp(`Env approver ${stamp} approved`))).toBeVisible();
  await expect(production.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await settledScreenshot(approver, 'environments-approved');
  const summary = await api('GET', `/projects/${project.projectId}/deployments/${deployment.id}`);
  expect(summary).toMatchObject({ status: 'created', pending_approval_count: 0 });

  // Someone outside the private project: the page does not exist.
  await stranger.goto(url);
  await expect(stranger.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await stranger.screenshot({ path: screenshotPath('environments-not-found') });

  await Promise.all([author, approver, reporter, stranger].map((p) => p.context().close()));
});
