import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';

/**
 * The epic page's header and actions (IE §2.3, §4, §5): edit in place, close / reopen, New epic,
 * Copy reference, delete, who sees what, the narrow layout's one 'Epic actions' dropdown, and the
 * epic's edit conflict. A private group of its own, made by alice (Owner); frank joins as a Guest,
 * then as a Reporter.
 */
const groupPath = `epic-actions-${Date.now().toString(36)}`;
const epicUrl = (iid: number) => `/groups/${groupPath}/-/epics/${iid}`;
let api: SessionApi;
let groupId = 0;
let frankId = 0;
let setupPage: Page;

const newEpic = async (title: string, body: object = {}) =>
  (await api('POST', `/groups/${groupId}/epics`, { title, description: `About **${title}**`, ...body })) as {
    iid: number;
    id: number;
  };
const setFrank = (accessLevel: number) =>
  api('PUT', `/groups/${groupId}/members/${frankId}`, { access_level: accessLevel });

test.beforeAll(async ({ browser }) => {
  setupPage = await browser.newPage({ storageState: authFile('alice') });
  api = await sessionApi(setupPage);
  const group = await api('POST', '/groups', { name: 'Epic actions e2e', path: groupPath, visibility: 'private' });
  groupId = group.id as number;
  const [frank] = (await api('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
  frankId = frank?.id ?? 0;
  await api('POST', `/groups/${groupId}/members`, { user_id: frankId, access_level: 10 });
});

test.afterAll(async () => {
  if (groupId) await api('DELETE', `/groups/${groupId}`);
  await setupPage?.close();
});

const actionsMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Epic actions' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
};

test.describe('as the Owner (alice)', () => {
  test.use({ storageState: authFile('alice') });

  test('the Imported badge on the seeded GitHub imports: epic acme&1 and issue web-app#1, not on items made here', async ({
    page,
  }) => {
    const badge = (what: string) => page.getByRole('img', { name: `This ${what} was imported`, exact: true });
    await page.goto('/groups/acme/-/epics/1');
    await expect(badge('epic')).toHaveText('Imported');
    await settledScreenshot(page, 'epic-header-imported');
    await page.goto('/acme/product/web-app/-/issues/1');
    await expect(badge('issue')).toHaveText('Imported');
    await settledScreenshot(page, 'issue-header-imported');
    const epic = await newEpic('Made here, not imported');
    await page.goto(epicUrl(epic.iid));
    await expect(page.getByRole('heading', { level: 1, name: 'Made here, not imported' })).toBeVisible();
    await expect(badge('epic')).toHaveCount(0);
  });

  test('edits the title and description in place', async ({ page }) => {
    // axe's scan of the whole page is slow on a loaded machine.
    test.setTimeout(90_000);
    const epic = await newEpic('Edit this epic');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(epicUrl(epic.iid));
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit title and description' });
    await expect(form.getByLabel('Title')).toBeFocused();
    await form.getByLabel('Title').fill('Edited epic title');
    await form.getByRole('textbox', { name: 'Description' }).fill('A **new** plan for the epic');
    await settledScreenshot(page, 'epic-edit-form');
    expect(await seriousViolations(page), 'the epic edit form (axe)').toEqual([]);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edited epic title' })).toBeVisible();
    await expect(page.locator('article strong', { hasText: 'new' })).toBeVisible();
    // Stored: the page JSON agrees, one version on.
    const saved = await (await page.request.get(`${epicUrl(epic.iid)}.json`)).json();
    expect(saved).toMatchObject({
      title: 'Edited epic title',
      description: 'A **new** plan for the epic',
      lock_version: 1,
    });
  });

  test('closes and reopens from the header, the state badge following', async ({ page }) => {
    const epic = await newEpic('Close and reopen me');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(epicUrl(epic.iid));
    const header = page.locator('article header').first();
    await expect(header.getByText('Open', { exact: true })).toBeVisible();
    // The badge changes at once (optimistic); the stored state is read after the PUT has answered.
    const closed = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`${epicUrl(epic.iid)}.json`),
    );
    await page.getByRole('button', { name: 'Close epic' }).click();
    await expect(header.getByText('Closed', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reopen epic' })).toBeVisible();
    expect((await closed).ok()).toBe(true);
    expect((await (await page.request.get(`${epicUrl(epic.iid)}.json`)).json()).state).toBe('closed');
    const reopened = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`${epicUrl(epic.iid)}.json`),
    );
    await page.getByRole('button', { name: 'Reopen epic' }).click();
    await expect(header.getByText('Open', { exact: true })).toBeVisible();
    expect((await reopened).ok()).toBe(true);
    await expect(page.getByRole('button', { name: 'Close epic' })).toBeVisible();
    expect((await (await page.request.get(`${epicUrl(epic.iid)}.json`)).json()).state).toBe('opened');
  });

  test('a failed close restores the state and says so', async ({ page }) => {
    const epic = await newEpic('Fail to close me');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(epicUrl(epic.iid));
    await page.route(`**${epicUrl(epic.iid)}.json`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Close epic' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Something went wrong while closing the epic. Please try again later.' }),
    ).toBeVisible();
    await expect(page.locator('article header').first().getByText('Open', { exact: true })).toBeVisible();
  });

  test('the menu: Copy reference, New epic, no Report abuse for the author, notifications', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const epic = await newEpic('Menu epic', {
      start_date_is_fixed: true,
      start_date_fixed: '2031-01-01',
      due_date_is_fixed: true,
      due_date_fixed: '2031-03-31',
    });
    await newEpic('Late child', {
      parent_id: epic.id,
      due_date_is_fixed: true,
      due_date_fixed: '2031-04-12',
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(epicUrl(epic.iid));
    // Beyond GitLab: the rollup drift under the title.
    await expect(page.getByTestId('rollup-drift')).toHaveText(
      'Planned: Jan 1, 2031 – Mar 31, 2031 · 1 child ends after the epic (latest Apr 12, 2031)',
    );
    let menu = await actionsMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'New epic',
      'Copy reference',
      'Turn on notifications',
      'Delete epic',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'Report abuse' })).toHaveCount(0);
    await settledScreenshot(page, 'epic-actions-menu');
    await menu.getByRole('menuitem', { name: 'Copy reference' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reference copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${groupPath}&${epic.iid}`);

    menu = await actionsMenu(page);
    await menu.getByRole('menuitem', { name: 'Turn on notifications' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Notifications turned on.' })).toBeVisible();
    menu = await actionsMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Turn off notifications' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'New epic' }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${groupPath}/-/epics/new$`));
    await expect(page.getByRole('heading', { level: 1, name: 'New epic' })).toBeVisible();
  });

  test('deletes the epic after the confirmation, then shows the epics list', async ({ page }) => {
    const epic = await newEpic('Delete me');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(epicUrl(epic.iid));
    let menu = await actionsMenu(page);
    await menu.getByRole('menuitem', { name: 'Delete epic' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete epic' });
    await expect(dialog).toContainText('Delete this epic and release all child items?');
    await settledScreenshot(page, 'epic-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    menu = await actionsMenu(page);
    await menu.getByRole('menuitem', { name: 'Delete epic' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete epic' });
    await dialog.getByRole('button', { name: 'Delete epic' }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${groupPath}/-/epics$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Epics' })).toBeVisible();
    expect((await page.request.get(`${epicUrl(epic.iid)}.json`)).status()).toBe(404);
  });

  test('a narrow screen holds every action in the one Epic actions dropdown', async ({ page }) => {
    const epic = await newEpic('Mobile epic');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(epicUrl(epic.iid));
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile epic' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close epic' })).toHaveCount(0);
    await settledScreenshot(page, 'epic-header-mobile');
    const menu = await actionsMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Edit',
      'Close epic',
      'New epic',
      'Copy reference',
      'Turn on notifications',
      'Delete epic',
    ]);
    await settledScreenshot(page, 'epic-actions-mobile-menu');
    await menu.getByRole('menuitem', { name: 'Close epic' }).click();
    await expect(page.locator('article header').first().getByText('Closed', { exact: true })).toBeVisible();
    const again = await actionsMenu(page);
    await again.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('form', { name: 'Edit title and description' })).toBeVisible();
  });

  test('the epic conflict text when someone else saves first', async ({ page, browser }) => {
    const epic = await newEpic('Race this epic');
    await setFrank(20);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(epicUrl(epic.iid));
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit title and description' });
    await form.getByRole('textbox', { name: 'Description' }).fill('Alice wrote this');

    // frank (a Reporter: GitLab lets Reporters edit epics) saves first.
    const frankPage = await browser.newPage({ storageState: authFile('frank') });
    const frankApi = await sessionApi(frankPage);
    await frankApi('PUT', `/groups/${groupId}/epics/${epic.iid}`, { description: 'Frank wrote this first' });
    await frankPage.close();

    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      form.getByText(
        'Someone edited this epic at the same time you did. The description has been updated and you will need to make your changes again.',
      ),
    ).toBeVisible();
    await expect(form.getByRole('region', { name: 'Their version beside yours' })).toContainText(
      'Frank wrote this first',
    );
    await settledScreenshot(page, 'epic-edit-conflict');
    // Nothing of alice's was written over frank's.
    const stored = await (await page.request.get(`${epicUrl(epic.iid)}.json`)).json();
    expect(stored.description).toBe('Frank wrote this first');
    await setFrank(10);
  });
});

test.describe('as a Guest, then a Reporter (frank)', () => {
  test.use({ storageState: authFile('frank') });

  test('a Guest sees no Edit, Close or Delete, and may report the author', async ({ page }) => {
    const epic = await newEpic('Read only epic');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(epicUrl(epic.iid));
    await expect(page.getByRole('heading', { level: 1, name: 'Read only epic' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close epic' })).toHaveCount(0);
    const menu = await actionsMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['Copy reference', 'Turn on notifications', 'Report abuse']);
    await settledScreenshot(page, 'epic-actions-guest');
  });

  test('a Reporter edits and closes, but may not delete', async ({ page }) => {
    const epic = await newEpic('Reporter epic');
    await setFrank(20);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(epicUrl(epic.iid));
      await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close epic' })).toBeVisible();
      const menu = await actionsMenu(page);
      await expect(menu.getByRole('menuitem', { name: 'Delete epic' })).toHaveCount(0);
      await expect(menu.getByRole('menuitem', { name: 'New epic' })).toBeVisible();
    } finally {
      await setFrank(10);
    }
  });
});
