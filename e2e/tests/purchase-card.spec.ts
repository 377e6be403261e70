import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from './auth';
import { seriousViolations } from './axe';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';
import {
  routeStripe,
  STRIPE_SERVER_PORT,
  type StripeCheckoutServer,
  startStripeCheckoutServer,
} from './stripe-checkout';

/**
 * The checkout's card step (issue 29) on an instance whose payment provider is Stripe: Stripe.js
 * (the stand-in fixture, served in place of js.stripe.com) turns the card into a PaymentMethod, the
 * checkout checks it and shows it for the review, and the purchase charges it through the local
 * Stripe stand-in, whose signed event settles the order. A good card ends with the plan active; a
 * declined one with Stripe's reason on the page and no subscription.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ baseURL: `http://127.0.0.1:${STRIPE_SERVER_PORT}` });

let server: StripeCheckoutServer;
let api: SessionApi;
let apiPage: Page | undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(200_000);
  server = await startStripeCheckoutServer();
  apiPage = await browser.newPage({ baseURL: server.baseURL });
  await signInThroughForm(apiPage, 'root');
  api = await sessionApi(apiPage);
});

test.afterAll(async () => {
  await apiPage?.close();
  await server?.close();
});

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders' });
const charges = () => server.stripe.requests.filter((r) => r.path === '/v1/payment_intents');

/** A new top-level group (root owns it), its checkout open with the address filled in. */
async function openCheckout(page: Page, name: string): Promise<string> {
  const path = `${name}-${Date.now().toString(36)}`;
  await api('POST', '/groups', { name: `${name} e2e`, path, visibility: 'private' });
  await routeStripe(page, server.stripe);
  await signInThroughForm(page, 'root');
  await page.goto(`/groups/${path}/-/billings`);
  await page.getByRole('link', { name: 'Buy Premium' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Number of seats').fill('2');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('State').selectOption({ label: 'Illinois' });
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Zip code').fill('62701');
  return path;
}

async function enterCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration date MM / YY').fill(expiry);
  await card.getByLabel('CVC').fill(cvc);
}

test('a good card pays: reviewed as Visa ending in 4242, one order, the plan active', async ({ page }) => {
  const stripeJs: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('https://js.stripe.com/')) stripeJs.push(r.url());
  });
  const path = await openCheckout(page, 'Card');
  // Stripe.js is loaded by the payment step itself, through Stripe's loader.
  await expect(page.getByRole('group', { name: 'Card details' }).getByLabel('Card number')).toBeVisible();
  expect(stripeJs).toEqual([expect.stringMatching(/^https:\/\/js\.stripe\.com\/\w+\/stripe\.js/)]);

  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByText('Enter your card details.')).toBeVisible();
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByRole('heading', { name: '4. Review your order' })).toBeVisible();
  const summary = page.getByLabel('Order summary');
  await expect(summary.getByText('Visa ending in 4242 (expires 12/2034)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await settledScreenshot(page, 'purchase-card-review');

  const orders: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/-/subscriptions') orders.push(r.url());
  });
  await page.getByRole('button', { name: 'Confirm purchase' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // Stripe's event settles the order: the page shows it paid once it has arrived.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: `Card e2e is currently using the Premium Plan` })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(ordersTable(page).getByRole('row')).toHaveCount(2);
  await expect(ordersTable(page).getByRole('row').nth(1)).toContainText('Paid');
  expect(orders.length).toBeLessThanOrEqual(2);
  // One charge: a second request of a double click asks Stripe again with the same key, and Stripe
  // answers it with the first one's result.
  expect(new Set(charges().map((c) => c.idempotencyKey)).size).toBe(1);
  expect(server.stripe.events.filter((e) => e.type === 'payment_intent.succeeded')).toHaveLength(1);
  expect(charges()[0]?.form.get('amount')).toBe(String(2 * 34_800));
  expect(await api('GET', `/namespaces/${encodeURIComponent(path)}/gitlab_subscription`)).toMatchObject({
    plan: { code: 'premium' },
  });
  await settledScreenshot(page, 'billing-card-paid');
});

test('a declined card: Stripe’s reason on the page, then no active subscription', async ({ page }) => {
  const path = await openCheckout(page, 'Declined');
  // A number Stripe.js itself refuses never leaves the page.
  await enterCard(page, '4242 4242 4242 4241');
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();

  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByLabel('Order summary').getByText('Visa ending in 0002 (expires 12/2034)')).toBeVisible();
  const before = charges().length;
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The purchase could not be completed' });
  await expect(alert).toContainText('The payment was declined: Your card was declined.');
  await expect(page).toHaveURL(/\/-\/subscriptions\/new/);
  // Back on the card, to try another one.
  await expect(page.getByRole('button', { name: 'Review order' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Card details' }).getByLabel('Card number')).toBeEnabled();
  expect(charges().length).toBe(before + 1);
  await settledScreenshot(page, 'purchase-card-declined');

  await page.goto(`/groups/${path}/-/billings`);
  await expect(page.getByRole('heading', { name: 'Declined e2e is currently using the Free Plan' })).toBeVisible();
  // Stripe's payment_intent.payment_failed event closes the order.
  await expect(async () => {
    await page.reload();
    await expect(ordersTable(page).getByRole('row').nth(1)).toContainText('Payment failed', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await api('GET', `/namespaces/${encodeURIComponent(path)}/gitlab_subscription`)).toMatchObject({
    plan: { code: 'free' },
  });
});

test('after a decline, another card pays: a purchase of its own, not a replay of the declined one', async ({
  page,
}) => {
  const path = await openCheckout(page, 'Retry');
  await enterCard(page, '4000 0000 0000 9995');
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The purchase could not be completed' })).toContainText(
    'Your card has insufficient funds.',
  );
  await enterCard(page, '5555 5555 5555 4444', '08 / 33');
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByLabel('Order summary').getByText('MasterCard ending in 4444 (expires 08/2033)')).toBeVisible();
  // The refusal of the last attempt is gone once the new card is reviewed.
  await expect(page.getByText('The purchase could not be completed')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Retry e2e is currently using the Premium Plan' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(ordersTable(page).getByRole('row')).toHaveCount(3);
  expect(await api('GET', `/namespaces/${encodeURIComponent(path)}/gitlab_subscription`)).toMatchObject({
    plan: { code: 'premium' },
  });
});
