import { type Browser, expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';

/** The issue page as a workbench (issue 11): edit in place, close and reopen, blocked-close check. */
const groupPath = `issue-page-${Date.now().toString(36)}`;
const projectPath = `${groupPath}/app`;
let groupId = 0;
let api: SessionApi;
let setupPage: Page;

test.beforeAll(async ({ browser }) => {
  setupPage = await browser.newPage({ storageState: authFile('alice') });
  api = await sessionApi(setupPage);
  const group = await api('POST', '/groups', { name: 'Issue page e2e', path: groupPath, visibility: 'private' });
  groupId = group.id as number;
  const project = await api('POST', '/projects', { name: 'app', path: 'app', namespace_id: groupId });
  for (const title of ['Edit me', 'Race me', 'Close me', 'Blocked one', 'The blocker', 'Promote me', 'Delete me']) {
    await api('POST', `/projects/${project.id}/issues`, { title, description: `About **${title}**` });
  }
  await api('POST', `/projects/${project.id}/issues/4/links`, {
    issuable_references: ['#5'],
    link_type: 'is_blocked_by',
  });
});

test.afterAll(async () => {
  if (groupId) await api('DELETE', `/groups/${groupId}`);
  await setupPage.close();
});

test.use({ storageState: authFile('alice') });

const issueUrl = (iid: number) => `/${projectPath}/-/issues/${iid}`;

async function openEditor(page: Page) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  return page.getByRole('form', { name: 'Edit title and description' });
}

test('edits the title and description in place, with a server-rendered preview', async ({ page }) => {
  await page.goto(issueUrl(1));
  const form = await openEditor(page);
  const title = form.getByLabel('Title');
  await expect(title).toBeFocused();
  await title.fill('   ');
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await title.fill('Edited in place');
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.fill('A **bold** plan\n\n- [ ] first step\n\n<img src=x onerror=alert(1)>');
  await form.getByRole('tab', { name: 'Preview' }).click();
  await expect(form.locator('strong', { hasText: 'bold' })).toBeVisible();
  await expect(form.locator('img[onerror]')).toHaveCount(0);
  await settledScreenshot(page, 'issue-edit-preview');
  expect(await seriousViolations(page), 'the edit form (axe)').toEqual([]);
  await form.getByRole('tab', { name: 'Write' }).click();
  await description.press('Control+Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Edited in place' })).toBeVisible();
  await expect(page.locator('article strong', { hasText: 'bold' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edited in place' })).toBeVisible();
});

async function editorIn(browser: Browser) {
  const context = await browser.newContext({ storageState: authFile('alice') });
  const page = await context.newPage();
  await page.goto(issueUrl(2));
  return { page, form: await openEditor(page) };
}

test('two people editing at once: the later save sees the conflict and the other version', async ({ browser }) => {
  const first = await editorIn(browser);
  const second = await editorIn(browser);
  await first.form.getByRole('textbox', { name: 'Description' }).fill('First person wrote this');
  await first.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(first.page.getByText('First person wrote this')).toBeVisible();

  await second.form.getByRole('textbox', { name: 'Description' }).fill('Second person wrote this');
  await second.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    second.page.getByText(
      "Someone edited the issue at the same time you did. Review the issue and make sure you don't unintentionally overwrite their changes.",
    ),
  ).toBeVisible();
  await expect(second.form.getByText('First person wrote this')).toBeVisible();
  await settledScreenshot(second.page, 'issue-edit-conflict');
  await second.form.getByRole('button', { name: 'Overwrite their changes' }).click();
  await expect(second.page.locator('article').getByText('Second person wrote this')).toBeVisible();
  await first.page.context().close();
  await second.page.context().close();
});

test('closes and reopens an issue', async ({ page }) => {
  await page.goto(issueUrl(3));
  await page.getByRole('button', { name: 'Close issue' }).click();
  await expect(page.getByRole('button', { name: 'Reopen issue' })).toBeVisible();
  await expect(page.locator('header').getByText('Closed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reopen issue' }).click();
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
  await expect(page.locator('header').getByText('Open', { exact: true })).toBeVisible();
});

test('closing a blocked issue asks first, listing its blockers', async ({ page }) => {
  await page.goto(issueUrl(4));
  await page.getByRole('button', { name: 'Close issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to close this blocked issue?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('The blocker')).toBeVisible();
  await settledScreenshot(page, 'issue-close-blocked');
  expect(await seriousViolations(page), 'the blocked-close dialog (axe)').toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
  await page.getByRole('button', { name: 'Close issue' }).click();
  await dialog.getByRole('button', { name: 'Yes, close issue' }).click();
  await expect(page.getByRole('button', { name: 'Reopen issue' })).toBeVisible();
});

async function openActions(page: Page) {
  await page.getByRole('button', { name: 'Issue actions' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('the actions menu: notifications, lock, copy reference, then promote to epic', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(issueUrl(6));
  // The author is a participant, so notifications start on.
  let menu = await openActions(page);
  await settledScreenshot(page, 'issue-actions-menu');
  expect(await seriousViolations(page), 'the issue actions menu (axe)').toEqual([]);
  await menu.getByRole('menuitem', { name: 'Turn off notifications' }).click();
  await expect(toast(page, 'Notifications turned off.')).toBeVisible();
  menu = await openActions(page);
  await expect(menu.getByRole('menuitem', { name: 'Turn on notifications' })).toBeVisible();

  await menu.getByRole('menuitem', { name: 'Lock discussion' }).click();
  await expect(toast(page, 'Discussion locked.')).toBeVisible();
  await expect(
    page.getByText('The discussion in this issue is locked. Only project members can comment.'),
  ).toBeVisible();
  await expect(page.locator('header').getByText('Locked', { exact: true })).toBeVisible();
  await settledScreenshot(page, 'issue-locked');
  menu = await openActions(page);
  await menu.getByRole('menuitem', { name: 'Unlock discussion' }).click();
  await expect(toast(page, 'Discussion unlocked.')).toBeVisible();
  await expect(page.getByText('Only project members can comment.')).toHaveCount(0);

  menu = await openActions(page);
  await menu.getByRole('menuitem', { name: 'Copy reference' }).click();
  await expect(toast(page, 'Reference copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${projectPath}#6`);

  menu = await openActions(page);
  await menu.getByRole('menuitem', { name: 'Promote to epic' }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${groupPath}/-/epics/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Promote me' })).toBeVisible();
  await page.goto(issueUrl(6));
  await expect(page.locator('header').getByText('Closed', { exact: true })).toBeVisible();
});

test('deletes an issue after the confirmation', async ({ page }) => {
  await page.goto(issueUrl(7));
  const menu = await openActions(page);
  await menu.getByRole('menuitem', { name: 'Delete issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete issue?' });
  await expect(dialog.getByText('Issue will be removed! Are you sure?')).toBeVisible();
  await settledScreenshot(page, 'issue-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await (await openActions(page)).getByRole('menuitem', { name: 'Delete issue' }).click();
  await page.getByRole('dialog', { name: 'Delete issue?' }).getByRole('button', { name: 'Delete issue' }).click();
  await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/issues$`));
  await expect(toast(page, 'The issue was deleted.')).toBeVisible();
  const gone = await page.request.get(`/api/v4/projects/${encodeURIComponent(projectPath)}/issues/7`);
  expect(gone.status()).toBe(404);
});

test.describe('a reader who may not update the issue', () => {
  test.use({ storageState: authFile('frank') });

  test('sees no Edit or Close actions on a demo issue', async ({ page }) => {
    await page.goto('/acme/product/web-app/-/issues/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Close issue|Reopen issue/ })).toHaveCount(0);
    const menu = await openActions(page);
    await expect(menu.getByRole('menuitem')).toHaveText([/notifications$/, 'Copy reference']);
  });
});
