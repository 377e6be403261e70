import { expect, test } from '@playwright/test';
import { authFile } from './auth';
import { settledScreenshot } from './screenshots';

const epicsList = '/groups/acme/-/epics';
const newEpic = '/groups/acme/-/epics/new';

test.describe('a Planner or above (alice, Owner of acme)', () => {
  test.use({ storageState: authFile('alice') });

  test('creates an epic from the epics list and lands on it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1040 });
    await page.goto(epicsList);
    await expect(page.getByRole('heading', { level: 1, name: 'Epics' })).toBeVisible();
    await page.getByRole('link', { name: 'New epic', exact: true }).click();
    await expect(page).toHaveURL(/\/groups\/acme\/-\/epics\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New epic' })).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();

    const title = 'Launch the partner portal';
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Ship the **partner portal** before the summit.');
    await page.getByRole('checkbox', { name: 'Confidential' }).check();
    const labels = page.getByRole('group', { name: /Labels/ });
    await expect(labels.getByRole('checkbox').first()).toBeVisible();
    const firstLabel = labels.getByRole('checkbox').first();
    const labelName = (await firstLabel.getAttribute('value')) ?? '';
    await firstLabel.check();
    await page.getByLabel(/^Start date/).fill('2031-03-02');
    await page.getByLabel(/^Due date/).fill('2031-06-30');

    await page.getByLabel('Title').focus();
    await settledScreenshot(page, 'new-epic');

    await page.getByRole('button', { name: 'Create epic' }).click();
    await expect(page).toHaveURL(/\/groups\/acme\/-\/epics\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Confidential', { exact: true })).toBeVisible();
    const details = page.getByRole('complementary', { name: 'Epic details' });
    await expect(details.getByText('Mar 2, 2031')).toBeVisible();
    await expect(details.getByText('Jun 30, 2031')).toBeVisible();
    await expect(details.getByTestId('label').filter({ hasText: labelName.split('::').pop() ?? '' })).toBeVisible();

    // The API agrees: fixed dates, confidential, the label.
    const iid = page.url().split('/').pop();
    const api = await page.request.get(`/api/v4/groups/acme/epics/${iid}`);
    expect(api.status()).toBe(200);
    const epic = await api.json();
    expect(epic).toMatchObject({
      title,
      confidential: true,
      start_date_is_fixed: true,
      start_date_fixed: '2031-03-02',
      due_date_is_fixed: true,
      due_date_fixed: '2031-06-30',
    });
    expect(epic.labels).toContain(labelName);
  });

  test("a due date before the start date shows the server's error and keeps what was typed", async ({ page }) => {
    await page.goto(newEpic);
    await expect(page.getByRole('heading', { level: 1, name: 'New epic' })).toBeVisible();
    await page.getByLabel('Title').fill('Backwards dates');
    await page.getByLabel('Description').fill('Kept after the error');
    await page.getByLabel(/^Start date/).fill('2031-06-30');
    await page.getByLabel(/^Due date/).fill('2031-03-02');
    await page.getByRole('button', { name: 'Create epic' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The epic could not be created.');
    await expect(alert).toContainText(/due_date_fixed is invalid/);
    await expect(page).toHaveURL(/\/groups\/acme\/-\/epics\/new$/);
    await expect(page.getByLabel('Title')).toHaveValue('Backwards dates');
    await expect(page.getByLabel('Description')).toHaveValue('Kept after the error');
    await expect(page.getByLabel(/^Start date/)).toHaveValue('2031-06-30');
    await expect(page.getByLabel(/^Due date/)).toHaveValue('2031-03-02');
    await expect(page.getByLabel(/^Due date/)).toHaveAttribute('aria-invalid', 'true');

    // An empty title is caught before the request, and Cancel goes back to the list.
    await page.getByLabel('Title').fill('   ');
    await page.getByRole('button', { name: 'Create epic' }).click();
    await expect(page.getByRole('alert')).toContainText("Title can't be blank.");
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/groups\/acme\/-\/epics$/);
  });
});

test.describe('a Guest (frank)', () => {
  test.use({ storageState: authFile('frank') });

  test('sees no New epic button and gets not-found at the URL', async ({ page }) => {
    await page.goto(epicsList);
    await expect(page.getByRole('heading', { level: 1, name: 'Epics' })).toBeVisible();
    await expect(page.locator('table a[href*="/-/epics/"]').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'New epic', exact: true })).toHaveCount(0);

    await page.goto(newEpic);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveCount(0);
  });
});
