import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { addGroupMember, openFromGroupNav, useSpecGroup } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * The offline purchase flow (issue 29, IE-55 … IE-60): the Owner buys Premium by invoice, the order
 * waits, an administrator marks it paid, and the billing page shows the plan and the seats.
 */
const DEVELOPER = 30;

// One long flow per test, on a machine shared with other runs.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const group = useSpecGroup('Buy', ({ api, groupId }) => addGroupMember(api, groupId, 'frank', DEVELOPER));
const { groupPath } = group;

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders' });

test.describe('as the group’s Owner (alice)', () => {
  test.use({ storageState: authFile('alice') });

  test('buys Premium by invoice: checks the form, reviews, confirms once even when clicked twice', async ({ page }) => {
    await openFromGroupNav(page, groupPath, 'Billing');
    await expect(page.getByRole('heading', { name: 'Buy e2e is currently using the Free Plan' })).toBeVisible();
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Buy Premium' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByText(`Group: ${groupPath}`)).toBeVisible();
    await page.getByLabel('Number of seats').fill('0');
    await page.getByRole('button', { name: 'Review order' }).click();
    await expect(page.getByText('Enter a whole number of seats from 1 to 1,000,000.')).toBeVisible();
    await expect(page.getByText('Select a country.')).toBeVisible();
    await expect(page.getByText('Enter the street address.')).toBeVisible();

    await page.getByLabel('Number of seats').fill('3');
    await page.getByLabel('Country').selectOption('US');
    await expect(page.getByLabel('State')).toBeVisible();
    await page.getByLabel('Street address').fill('1 Main Street');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('Zip code').fill('62701');
    await page.getByRole('button', { name: 'Review order' }).click();
    await expect(page.getByText('Select a state or province.')).toBeVisible();
    await page.getByLabel('State').selectOption({ label: 'Illinois' });
    await page.getByRole('button', { name: 'Review order' }).click();

    await expect(page.getByRole('heading', { name: '4. Review your order' })).toBeVisible();
    await expect(page.getByText('Billing address: 1 Main Street, Springfield, Illinois, 62701')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await settledScreenshot(page, 'purchase-review');

    const orders: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/-/subscriptions') orders.push(r.url());
    });
    await page.getByRole('button', { name: 'Confirm purchase' }).dblclick();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(ordersTable(page).getByRole('row')).toHaveCount(2);
    const row = ordersTable(page).getByRole('row').nth(1);
    await expect(row).toContainText('Pending payment');
    await expect(row).toContainText(/INV-\d{4}-\d{6}/);
    await expect(page.getByText('1 order is waiting for payment.', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Buy e2e is currently using the Free Plan' })).toBeVisible();
    expect(orders.length).toBeLessThanOrEqual(2);
    await settledScreenshot(page, 'billing-pending');
  });

  test('a purchase sent twice with the same idempotency key makes one order', async ({ page }) => {
    await page.goto(`/groups/${groupPath}/-/billings`);
    const csrf = ((await (await page.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
    const payload = {
      selected_group: group.groupId,
      customer: { country: 'DE', address_1: 'Hauptstr. 1', city: 'Berlin', state: 'BE', zip_code: '10115' },
      subscription: { plan_id: 'premium', payment_method_id: 'offline-invoice', quantity: 2 },
    };
    const send = () =>
      page.request.post('/-/subscriptions', {
        headers: { 'x-csrf-token': csrf, 'idempotency-key': `e2e-${groupPath}` },
        data: payload,
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.status()).toBe(200);
    expect(second.status()).toBe(200);
    expect((await first.json()).order_id).toBe((await second.json()).order_id);
    await page.reload();
    await expect(ordersTable(page).getByRole('row')).toHaveCount(3);
  });
});

test.describe('as an administrator (root)', () => {
  test.use({ storageState: authFile('root') });

  test('marks the first order paid and the second failed', async ({ page }) => {
    await page.goto('/admin/subscription_orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription orders' })).toBeVisible();
    const rows = page
      .getByRole('table', { name: 'Orders waiting for payment' })
      .getByRole('row')
      .filter({ hasText: groupPath });
    await expect(rows).toHaveCount(2);
    await settledScreenshot(page, 'admin-subscription-orders');
    await rows
      .first()
      .getByRole('button', { name: /as paid$/ })
      .click();
    await expect(rows).toHaveCount(1);
    await rows
      .first()
      .getByRole('button', { name: /as failed$/ })
      .click();
    await expect(rows).toHaveCount(0);
  });
});

test.describe('the Owner again (alice)', () => {
  test.use({ storageState: authFile('alice') });

  test('sees Premium with the seats bought, and Add seats', async ({ page }) => {
    await page.goto(`/groups/${groupPath}/-/billings`);
    await expect(page.getByRole('heading', { name: 'Buy e2e is currently using the Premium Plan' })).toBeVisible();
    const figures = page.getByLabel('Subscription', { exact: true });
    await expect(figures.getByText('Seats in subscription')).toBeVisible();
    await expect(
      figures.locator('div').filter({ hasText: 'Seats in subscription' }).getByRole('definition'),
    ).toHaveText('3');
    await expect(ordersTable(page)).toContainText('Paid');
    await expect(ordersTable(page)).toContainText('Payment failed');
    await expect(page.getByRole('link', { name: 'Add seats' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Ultimate' })).toBeVisible();
    await settledScreenshot(page, 'billing-premium');
  });
});

test.describe('as a Developer of the group (frank)', () => {
  test.use({ storageState: authFile('frank') });

  test('the billing and checkout pages do not exist for anyone but the group’s Owners', async ({ page }) => {
    await page.goto(`/groups/${groupPath}/-/billings`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto(`/-/subscriptions/new?namespace_id=${group.groupId}&plan_id=premium`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/admin/subscription_orders');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
