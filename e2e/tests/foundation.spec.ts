import { expect, test } from '@playwright/test';
import { authFile, signInThroughForm } from './auth';
import { settledScreenshot } from './screenshots';

test('a demo user signs in, opens a group, a project issue list and an issue', async ({ page }) => {
  await page.goto('/users/sign_in');
  await expect(page.getByRole('heading', { name: 'Sign in to Meridian' })).toBeVisible();
  await signInThroughForm(page, 'alice');

  await page.goto('/acme');
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Platform/ }).first()).toBeVisible();

  await page.goto('/acme/product/web-app/-/issues');
  await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
  const firstIssue = page.locator('table a[href*="/-/issues/"]').first();
  await expect(firstIssue).toBeVisible();
  const title = (await firstIssue.textContent())?.trim() ?? '';
  expect(title.length).toBeGreaterThan(0);
  await firstIssue.click();
  await expect(page).toHaveURL(/\/acme\/product\/web-app\/-\/issues\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('an anonymous visitor sees a public group but not a private one', async ({ page }) => {
  await page.goto('/acme');
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();

  await page.goto('/skunkworks');
  await expect(page.getByRole('heading', { level: 1, name: /Skunkworks/i })).toHaveCount(0);
  await expect(page.getByText(/not found|404/i).first()).toBeVisible();

  const api = await page.request.get('/api/v4/groups/skunkworks');
  expect(api.status()).toBe(404);
});

test.describe("routes keep GitLab's URLs", () => {
  test.use({ storageState: authFile('alice') });

  test('links, the back button and reloads show GitLab URLs; the issue page loads its chunk on first use', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/groups/acme/-/epics');
    await expect(page.getByRole('heading', { level: 1, name: 'Epics' })).toBeVisible();
    expect(scripts.some((s) => /IssuePage-/.test(s))).toBe(false);

    await page.goto('/acme/product/web-app/-/issues');
    const firstIssue = page.locator('table a[href*="/-/issues/"]').first();
    const href = (await firstIssue.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/acme\/product\/web-app\/-\/issues\/\d+$/);
    await firstIssue.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.some((s) => /IssuePage-/.test(s))).toBe(true);
    // Every in-app link on the page is a GitLab URL, none the router's internal form.
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((h) => h?.includes('~'))).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(/\/acme\/product\/web-app\/-\/issues$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
  });

  for (const path of [
    '/acme/product/web-app/-/issues/abc',
    '/acme/product/web-app/-/issues/0',
    '/acme/product/web-app/-/wiki',
    '/groups/acme/-/epics/1/extra',
  ]) {
    test(`${path} is not found`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }
});

test.describe('the user menu', () => {
  test.use({ storageState: authFile('alice') });

  test('opens by mouse and by keyboard, loading its menu on the first press', async ({ page }) => {
    await page.goto('/dashboard/groups');
    const trigger = page.getByRole('button', { name: /^User menu for / });
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(menu.getByText(/^@alice$/)).toBeVisible();
    await settledScreenshot(page, 'user-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await page.reload();
    await page.getByRole('button', { name: /^User menu for / }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menu')).toContainText('Your projects');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});
