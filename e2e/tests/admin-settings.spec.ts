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
