import { expect, test } from '@playwright/test';
import { signInThroughForm } from './auth';

const screenshot = 'test-results/admin-settings-general.png';

/** M6: an administrator closes registration from the Admin area, and the sign-in page stops offering it. */
test('root turns sign-up off and on again from Admin > Settings > General', async ({ browser }) => {
  const admin = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.goto('/users/sign_in');
  await expect(admin.getByRole('link', { name: 'Register now' })).toBeVisible();
  await signInThroughForm(admin, 'root');

  // Reachable from the user menu (administrators only).
  await admin.getByRole('button', { name: /^User menu for / }).click();
  await admin.getByRole('menuitem', { name: 'Admin settings' }).click();
  await expect(admin).toHaveURL(/\/admin\/application_settings\/general$/);
  const signup = admin.getByRole('checkbox', { name: /Sign-up enabled/ });
  await expect(signup).toBeChecked();

  try {
    await signup.uncheck();
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText('Application settings saved successfully.')).toBeVisible();
    await admin.screenshot({ path: screenshot, fullPage: true });

    const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await visitor.goto('/users/sign_in');
    await expect(visitor.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Register now' })).toHaveCount(0);
    const refused = await visitor.request.post('/users/sign_up', {
      data: { username: 'e2e-closed', name: 'Closed', email: 'e2e-closed@example.com', password: 'password1' },
    });
    expect(refused.status()).toBe(404);
    await visitor.close();

    // The Network page shows the rate limits with GitLab's defaults.
    await admin.getByRole('link', { name: 'Network' }).click();
    await expect(admin.getByLabel('Maximum requests per period per IP').first()).toHaveValue('10');
    await expect(admin.getByLabel('Maximum requests per minute', { exact: true })).toHaveValue('300');
    await admin.screenshot({ path: 'test-results/admin-settings-network.png', fullPage: true });
    await admin.getByRole('link', { name: 'General' }).click();
  } finally {
    // Leave registration open for the other specs.
    const box = admin.getByRole('checkbox', { name: /Sign-up enabled/ });
    await expect(box).toBeVisible();
    if (!(await box.isChecked())) {
      await box.check();
      await admin.getByRole('button', { name: 'Save changes' }).click();
      await expect(admin.getByText('Application settings saved successfully.')).toBeVisible();
    }
  }
  await admin.context().clearCookies();
  await admin.goto('/users/sign_in');
  await expect(admin.getByRole('link', { name: 'Register now' })).toBeVisible();
  await admin.close();
});

/** Issue 12: the secret-detection policy for API writes, set in Admin > Settings > General. */
test('root sets API secret detection to Reject, and an API write holding a token is refused', async ({ browser }) => {
  const admin = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await signInThroughForm(admin, 'root');
  await admin.goto('/admin/application_settings/general');
  const warn = admin.getByRole('radio', { name: /^Warn/ });
  await expect(warn).toBeChecked();
  const csrf = ((await (await admin.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
  const [project] = (await (await admin.request.get('/api/v4/projects?per_page=1')).json()) as Array<{ id: number }>;
  const createIssue = () =>
    admin.request.post(`/api/v4/projects/${project?.id}/issues`, {
      headers: { 'x-csrf-token': csrf },
      data: { title: 'Deploy notes', description: 'token glpat-Abcdefghij0123456789' },
    });
  try {
    await admin.getByRole('radio', { name: /^Reject/ }).check();
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText('Application settings saved successfully.')).toBeVisible();
    await admin.screenshot({ path: 'test-results/admin-settings-secret-policy.png', fullPage: true });
    await admin.reload();
    await expect(admin.getByRole('radio', { name: /^Reject/ })).toBeChecked();
    // Another process reads settings within 5 s; this one at once.
    const refused = await createIssue();
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toBe(
      'description holds a potential secret (GitLab personal access token): remove it before saving',
    );
  } finally {
    await admin.getByRole('radio', { name: /^Warn/ }).check();
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText('Application settings saved successfully.')).toBeVisible();
  }
  const warned = await createIssue();
  expect(warned.status()).toBe(201);
  expect(warned.headers()['x-meridian-warning']).toContain('GitLab personal access token');
  await admin.close();
});
