import { expect, test } from '@playwright/test';
import { signedInPage } from './auth';
import { settledScreenshot } from './screenshots';

/**
 * IE-70, IE-71: Admin › Geo sites. The e2e server runs without a standby, so a secondary reads as not
 * replicating and has never reported its status (the real standby and the reports are attacked by
 * modules/geo/geo-replication.multiprocess.test.ts; the Offline card by GeoSiteCard.test.tsx).
 */
test('root adds a primary and a secondary site, edits and removes the secondary', async ({ browser }) => {
  const page = await signedInPage(browser, 'root');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: 'Geo sites' }).click();
  await expect(page).toHaveURL(/\/admin\/geo\/sites$/);
  await expect(page.getByRole('heading', { name: 'Geo sites' })).toBeVisible();
  await expect(page).toHaveTitle(/^Geo sites · Admin/);

  const add = async (name: string, url: string, primary: boolean) => {
    await page.getByRole('button', { name: 'Add site' }).click();
    const form = page.getByRole('form', { name: 'Add site' });
    await form.getByLabel('Site name').fill(name);
    await form.getByLabel('External URL').fill(url);
    if (primary) await form.getByLabel('This is a primary site').check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('listitem', { name })).toBeVisible();
  };
  await add('E2E London', 'https://london.e2e.example', true);

  // A bad URL is refused with the server's message, and nothing is added.
  await page.getByRole('button', { name: 'Add site' }).click();
  const form = page.getByRole('form', { name: 'Add site' });
  await form.getByLabel('Site name').fill('E2E Broken');
  await form.getByLabel('External URL').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText(/url.*must be an http or https URL/i)).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  await add('E2E Tokyo', 'https://tokyo.e2e.example', false);
  const london = page.getByRole('listitem', { name: 'E2E London' });
  const tokyo = page.getByRole('listitem', { name: 'E2E Tokyo' });
  await expect(london.getByText('Primary', { exact: true })).toBeVisible();
  await expect(london.getByText('Healthy', { exact: true })).toBeVisible();
  await expect(tokyo.getByText('Secondary', { exact: true })).toBeVisible();
  await expect(tokyo.getByText('Unhealthy', { exact: true })).toBeVisible();
  await expect(
    tokyo
      .getByRole('alert')
      .filter({ hasText: 'Geo node does not appear to be replicating the database from the primary node.' }),
  ).toBeVisible();
  // When each status was last checked: the primary's now (the exact time on hover), the secondary's never.
  const londonChecked = london.locator('time');
  await expect(londonChecked).toHaveText('just now');
  await expect(londonChecked).toHaveAttribute('title', /\d/);
  await expect(tokyo.getByText('Never', { exact: true })).toBeVisible();
  await settledScreenshot(page, 'geo-sites');

  // A secondary whose standby streams but whose reports stopped 11 minutes ago is offline. There is
  // no standby here, so the server's answer is made so (the server's side: geo-status-report.rest.test.ts).
  const offline = 'Status has not been updated in the past 10 minutes';
  await page.route('**/api/v4/geo_nodes/status', async (route) => {
    const response = await route.fetch();
    const statuses = (await response.json()) as Array<Record<string, unknown>>;
    const reported = Math.floor(Date.now() / 1000) - 11 * 60;
    const json = statuses.map((s) =>
      s.healthy
        ? s
        : Object.assign(s, {
            health: offline,
            health_status: 'Offline',
            replication_state: 'streaming',
            db_replication_lag_seconds: 0,
            last_successful_status_check_timestamp: reported,
          }),
    );
    await route.fulfill({ response, json });
  });
  await page.reload();
  await expect(tokyo.getByText('Offline', { exact: true })).toBeVisible();
  await expect(tokyo.getByRole('status').filter({ hasText: offline })).toBeVisible();
  await expect(tokyo.locator('time')).toHaveText('11 minutes ago');
  await settledScreenshot(page, 'geo-sites-offline');
  await page.unroute('**/api/v4/geo_nodes/status');
  await page.reload();
  await expect(tokyo.getByText('Unhealthy', { exact: true })).toBeVisible();

  await tokyo.getByRole('button', { name: 'Edit' }).click();
  const edit = tokyo.getByRole('form', { name: 'Edit site' });
  await edit.getByLabel('Site name').fill('E2E Osaka');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const osaka = page.getByRole('listitem', { name: 'E2E Osaka' });
  await expect(osaka).toBeVisible();

  await osaka.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove secondary site' });
  await expect(
    dialog.getByText('Removing a Geo site stops the synchronization to and from that site. Are you sure?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove site' }).click();
  await expect(osaka).toHaveCount(0);

  // Clean up for re-runs against the same server.
  await london.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove primary site' }).getByRole('button', { name: 'Remove site' }).click();
  await expect(london).toHaveCount(0);
  await page.context().close();
});

test('anyone but an administrator gets the not-found page, and no menu item', async ({ browser }) => {
  const page = await signedInPage(browser, 'alice');
  await page.goto('/admin/geo/sites');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('button', { name: /^User menu for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Your projects' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Geo sites' })).toHaveCount(0);
  await page.context().close();
  const anonymous = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await anonymous.goto('/admin/geo/sites');
  await expect(anonymous.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await anonymous.close();
});
