import { expect, type Page, test } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '../../apps/server/src/test/webhook-receiver';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { allowLocalRequests } from './local-requests';
import { settledScreenshot } from './screenshots';
import { type SessionApi, sessionApi } from './session-api';

/** Project webhooks managed on the Webhooks settings page, delivering to a real receiver (issue 27 item 4). */
const groupPath = `hooks-${Date.now().toString(36)}`;
const projectPath = `${groupPath}/app`;
const DEVELOPER = 30;
let groupId = 0;
let projectId = 0;
let api: SessionApi;
let setupPage: Page;
let receiver: WebhookReceiver;

// The receiver is on this machine.
allowLocalRequests();

test.beforeAll(async ({ browser }) => {
  receiver = await startWebhookReceiver();
  setupPage = await browser.newPage({ storageState: authFile('alice') });
  api = await sessionApi(setupPage);
  const group = await api('POST', '/groups', { name: 'Hooks e2e', path: groupPath, visibility: 'private' });
  groupId = group.id as number;
  projectId = (await api('POST', '/projects', { name: 'app', path: 'app', namespace_id: groupId })).id as number;
  await api('POST', `/projects/${projectId}/issues`, { title: 'Existing issue' });
  const [frank] = (await api('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
  await api('POST', `/groups/${groupId}/members`, { user_id: frank?.id, access_level: DEVELOPER });
});

test.afterAll(async () => {
  if (groupId) await api('DELETE', `/groups/${groupId}`);
  await setupPage?.close();
  await receiver?.close();
});

test.use({ storageState: authFile('alice') });

test('adds a webhook, receives an issue event, tests it, shows recent events, resends one and deletes it', async ({
  page,
}) => {
  await page.goto(`/${projectPath}/-/issues`);
  await page.getByRole('navigation', { name: 'Project navigation' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(`/${projectPath}/-/hooks`);
  await expect(page.getByText('No webhooks enabled')).toBeVisible();

  await page.getByRole('button', { name: 'Add new webhook' }).click();
  await page.getByLabel('URL').fill(receiver.url('/e2e'));
  await page.getByLabel('Secret token').fill('e2e-secret');
  await page.getByRole('checkbox', { name: 'Issues events', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Comments', exact: true }).check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const hook = page.getByRole('listitem', { name: receiver.url('/e2e') });
  await expect(hook).toContainText('Issues events, Comments');

  await api('POST', `/projects/${projectId}/issues`, { title: 'Filed after the hook' });
  await expect.poll(() => receiver.at('/e2e').length, { timeout: 15_000 }).toBe(1);
  const delivered = receiver.at('/e2e')[0];
  expect(delivered?.headers['x-gitlab-event']).toBe('Issue Hook');
  expect(delivered?.headers['x-gitlab-token']).toBe('e2e-secret');
  expect(delivered?.body).toMatchObject({ object_kind: 'issue', object_attributes: { title: 'Filed after the hook' } });

  await hook.getByLabel('Test').selectOption('issues_events');
  await hook.getByRole('button', { name: 'Send test' }).click();
  await expect(hook.getByText('Hook executed successfully.')).toBeVisible();
  expect(receiver.at('/e2e')).toHaveLength(2);

  await hook.getByRole('button', { name: 'Recent events' }).click();
  const events = hook.getByRole('table', { name: 'Recent events' });
  await expect(events.getByRole('row')).toHaveCount(3);
  await expect(events).toContainText('200');
  expect(await seriousViolations(page)).toEqual([]);
  await settledScreenshot(page, 'webhooks-settings');

  await events.getByRole('button', { name: 'Resend request' }).first().click();
  await expect.poll(() => receiver.at('/e2e').length).toBe(3);
  await expect(events.getByRole('row')).toHaveCount(4);

  await hook.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No webhooks enabled')).toBeVisible();
});

test('a Developer finds no Webhooks page', async ({ browser }) => {
  const frankPage = await browser.newPage({ storageState: authFile('frank') });
  await frankPage.goto(`/${projectPath}/-/hooks`);
  await expect(frankPage.getByText('Page not found')).toBeVisible();
  await frankPage.close();
});
