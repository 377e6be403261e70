import { type Browser, expect, type Page, test } from '@playwright/test';
import { authFile, type E2eUser } from './auth';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * The epic page's sidebar (IE §2.3, §3, §6): the collapsible gutter, to-do, notifications, fixed and
 * inherited dates, group labels, colour, confidentiality, ancestors and participants — and a Guest
 * who sees them all read-only.
 */
const TOP_SECRET = 'Top secret plan';
const epics = { main: 0, solo: 0, top: 0, mid: 0 };
let subPath = '';
const project = useIssueProject('epic-sidebar', ['Dated issue'], async ({ api, groupId, groupPath, projectId }) => {
  const sub = await api('POST', '/groups', { name: 'Sub', path: 'sub', parent_id: groupId, visibility: 'private' });
  subPath = `${groupPath}/sub`;
  const milestone = await api('POST', `/projects/${projectId}/milestones`, {
    title: 'Sidebar M1',
    start_date: '2026-02-01',
    due_date: '2026-02-28',
  });
  await api('PUT', `/projects/${projectId}/issues/1`, { milestone_id: milestone.id });
  for (const [name, color] of [
    ['frontend', '#6699cc'],
    ['priority::high', '#dc143c'],
    ['priority::low', '#009966'],
  ]) {
    await api('POST', `/groups/${groupId}/labels`, { name, color });
  }
  const main = await api('POST', `/groups/${groupId}/epics`, { title: 'Sidebar epic' });
  epics.main = main.iid as number;
  const [issue] = (await api('GET', `/projects/${projectId}/issues?iids[]=1`)) as unknown as Array<{ id: number }>;
  await api('POST', `/groups/${groupId}/epics/${epics.main}/issues/${issue?.id}`);
  await api('POST', `/groups/${groupId}/epics/${main.id}/notes`, { body: 'Planning starts here.' });
  // Confidentiality needs an epic without non-confidential children (the main one holds an issue).
  epics.solo = (await api('POST', `/groups/${groupId}/epics`, { title: 'Solo epic' })).iid as number;
  const top = await api('POST', `/groups/${groupId}/epics`, { title: TOP_SECRET, confidential: true });
  epics.top = top.iid as number;
  const mid = await api('POST', `/groups/${sub.id}/epics`, {
    title: 'Middle epic',
    confidential: true,
    parent_id: top.id,
  });
  epics.mid = mid.iid as number;
  // frank: a Guest of the group (no confidential epics, no edits), a Reporter of the subgroup.
  const [frank] = (await api('GET', '/users?username=frank')) as unknown as Array<{ id: number }>;
  await api('POST', `/groups/${groupId}/members`, { user_id: frank?.id, access_level: 10 });
  await api('POST', `/groups/${sub.id}/members`, { user_id: frank?.id, access_level: 20 });
});

test.use({ storageState: authFile('alice') });
// Several page loads per test on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

const mainUrl = () => `/groups/${project.groupPath}/-/epics/${epics.main}`;
const midUrl = () => `/groups/${subPath}/-/epics/${epics.mid}`;
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Epic details' });
const region = (page: Page, name: string) => sidebar(page).getByRole('region', { name, exact: true });

/**
 * Opens the field's editor. On a loaded machine a click can land while a lazily loaded part of the page
 * still suspends and remounts the sidebar, which drops the open editor: click again until it stays open.
 */
async function edit(page: Page, name: string) {
  const field = region(page, name);
  const close = field.getByRole('button', { name: `Close ${name.toLowerCase()}` });
  await expect(async () => {
    if (!(await close.isVisible())) {
      await field.getByRole('button', { name: `Edit ${name.toLowerCase()}` }).click({ timeout: 5_000 });
    }
    await expect(close).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return field;
}

async function pageAs(browser: Browser, user: E2eUser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ storageState: authFile(user), viewport });
  return context.newPage();
}

async function epicJson(page: Page, groupPath: string, iid: number) {
  const res = await page.request.get(`/api/v4/groups/${encodeURIComponent(groupPath)}/epics/${iid}`);
  return (await res.json()) as Record<string, unknown>;
}

test('the sidebar collapses and expands, and the choice holds across a reload (collapsed_gutter)', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'alice');
  await page.goto(mainUrl());
  await expect(region(page, 'Labels')).toBeVisible();
  await settledScreenshot(page, 'epic-sidebar-desktop');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar(page)).toBeHidden();
  expect((await page.context().cookies()).find((c) => c.name === 'collapsed_gutter')?.value).toBe('true');
  await settledScreenshot(page, 'epic-sidebar-desktop-collapsed');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(region(page, 'Labels')).toBeVisible();
  await page.reload();
  await expect(region(page, 'Labels')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'collapsed_gutter')?.value).toBe('false');
  await page.context().close();

  // Without a stored choice, a small screen starts collapsed.
  const phone = await pageAs(browser, 'alice', { width: 420, height: 860 });
  await phone.goto(mainUrl());
  await expect(phone.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(sidebar(phone)).toBeHidden();
  await settledScreenshot(phone, 'epic-sidebar-narrow-collapsed');
  await phone.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(region(phone, 'Labels')).toBeVisible();
  await settledScreenshot(phone, 'epic-sidebar-narrow-expanded');
  await phone.context().close();
});

test('to-do: adds one, then marks it done', async ({ page }) => {
  await page.goto(mainUrl());
  await sidebar(page).getByRole('button', { name: 'Add a to do' }).click();
  await expect(sidebar(page).getByRole('button', { name: 'Mark as done' })).toBeVisible();
  await page.reload();
  await sidebar(page).getByRole('button', { name: 'Mark as done' }).click();
  await expect(sidebar(page).getByRole('button', { name: 'Add a to do' })).toBeVisible();
});

test('notifications: the switch subscribes and unsubscribes, and holds after a reload', async ({ page }) => {
  await page.goto(mainUrl());
  const toggle = () => sidebar(page).getByRole('switch', { name: 'Notifications' });
  // The switch shows once the viewer's state has loaded (slow on a busy machine).
  await expect(toggle()).toBeAttached({ timeout: 30_000 });
  await expect(toggle()).not.toBeChecked();
  await sidebar(page).getByText('Notifications off').click();
  await expect(toggle()).toBeChecked();
  await page.reload();
  await expect(toggle()).toBeChecked();
  await sidebar(page).getByText('Notifications on').click();
  await expect(toggle()).not.toBeChecked();
});

test('dates: fixed start and due dates, the pickers capped by each other, then the start inherited from a milestone', async ({
  page,
}) => {
  await page.goto(mainUrl());
  let field = await edit(page, 'Start date');
  await field.locator('input[type="date"]').fill('2026-01-10');
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByText('Jan 10, 2026')).toBeVisible();
  await expect(field.getByRole('radio', { name: 'Fixed' })).toBeChecked();

  field = await edit(page, 'Due date');
  const due = field.locator('input[type="date"]');
  // The due date is floored by the start date.
  await expect(due).toHaveAttribute('min', '2026-01-10');
  await due.fill('2026-01-05');
  await field.getByRole('button', { name: 'Apply' }).click();
  expect(await due.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);
  await due.fill('2026-03-15');
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByText('Mar 15, 2026')).toBeVisible();

  field = await edit(page, 'Start date');
  const start = field.locator('input[type="date"]');
  // The start date is capped by the due date.
  await expect(start).toHaveAttribute('max', '2026-03-15');
  await start.fill('2026-04-01');
  await field.getByRole('button', { name: 'Apply' }).click();
  expect(await start.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
  await field.getByRole('button', { name: 'Close start date' }).click();

  // The choice saves optimistically a tick after the click (the cache is set once running fetches
  // are cancelled), so assert the state with a retrying expect rather than check()'s immediate one.
  await field.getByRole('radio', { name: 'Inherited' }).click();
  await expect(field.getByRole('radio', { name: 'Inherited' })).toBeChecked();
  await expect(field.getByText('From milestone:')).toBeVisible();
  await expect(field.getByText('Sidebar M1')).toBeVisible();
  await expect(field.getByText('Feb 1, 2026')).toBeVisible();
  await settledScreenshot(page, 'epic-sidebar-dates');
  const json = await epicJson(page, project.groupPath, epics.main);
  expect(json).toMatchObject({ start_date: '2026-02-01', start_date_is_fixed: false, due_date: '2026-03-15' });
});

test('labels: adds group labels (one per scope) and removes them', async ({ page }) => {
  await page.goto(mainUrl());
  let field = await edit(page, 'Labels');
  await field.getByRole('checkbox', { name: 'frontend' }).check();
  await field.getByRole('checkbox', { name: 'priority::high' }).check();
  await field.getByRole('checkbox', { name: 'priority::low' }).check();
  await expect(field.getByRole('checkbox', { name: 'priority::high' })).not.toBeChecked();
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByTestId('label')).toHaveText(['frontend', 'priority::low']);
  await page.reload();
  field = await edit(page, 'Labels');
  await field.getByRole('checkbox', { name: 'frontend' }).uncheck();
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByTestId('label')).toHaveText(['priority::low']);
  await expect
    .poll(async () => (await epicJson(page, project.groupPath, epics.main)).labels)
    .toEqual(['priority::low']);
});

test('colour: a suggested colour, then a custom one; the epic keeps it', async ({ page }) => {
  await page.goto(mainUrl());
  let field = await edit(page, 'Color');
  for (const name of ['Blue', 'Green', 'Red', 'Orange', 'Purple']) {
    await expect(field.getByRole('radio', { name })).toBeVisible();
  }
  // A suggested colour saves at once and closes the editor.
  await field.getByRole('radio', { name: 'Green' }).click();
  await expect(field.getByTestId('epic-color')).toContainText('Green');
  await expect.poll(async () => (await epicJson(page, project.groupPath, epics.main)).color).toBe('#217645');
  field = await edit(page, 'Color');
  await field.getByRole('textbox', { name: 'Custom color' }).fill('#12345');
  await expect(field.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await field.getByRole('textbox', { name: 'Custom color' }).fill('#123456');
  await field.getByRole('button', { name: 'Apply' }).click();
  await expect(field.getByTestId('epic-color')).toContainText('Custom');
  await expect(field.getByTestId('epic-color')).toContainText('#123456');
  await page.reload();
  await expect(region(page, 'Color').getByTestId('epic-color')).toContainText('#123456');
  await expect.poll(async () => (await epicJson(page, project.groupPath, epics.main)).color).toBe('#123456');
});

test('confidentiality: turned on after the confirmation; a confidential parent keeps its child confidential', async ({
  page,
}) => {
  await page.goto(`/groups/${project.groupPath}/-/epics/${epics.solo}`);
  let field = await edit(page, 'Confidentiality');
  await expect(field.getByText(/You're about to turn on the confidentiality/)).toBeVisible();
  await field.getByRole('button', { name: 'Turn on' }).click();
  await expect(field.getByText('This epic is confidential')).toBeVisible();
  await expect(page.getByText('Confidential', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await epicJson(page, project.groupPath, epics.solo)).confidential).toBe(true);
  field = await edit(page, 'Confidentiality');
  await field.getByRole('button', { name: 'Turn off' }).click();
  await expect(field.getByText('Not confidential')).toBeVisible();

  // The main epic holds a non-confidential issue: the server says why it stays public.
  await page.goto(mainUrl());
  field = await edit(page, 'Confidentiality');
  await field.getByRole('button', { name: 'Turn on' }).click();
  await expect(field.getByRole('alert')).toContainText('contains non-confidential issues');

  await page.goto(midUrl());
  field = await edit(page, 'Confidentiality');
  await field.getByRole('button', { name: 'Turn off' }).click();
  await expect(field.getByRole('alert')).toContainText('the parent epic is confidential');
  await expect(field.getByText('This epic is confidential')).toBeVisible();
});

test('ancestors and participants: the path from the top, its hidden part named as such', async ({ page, browser }) => {
  await page.goto(midUrl());
  const ancestors = sidebar(page).getByRole('list', { name: 'Ancestors' });
  await expect(ancestors.getByRole('link', { name: TOP_SECRET })).toBeVisible();
  await expect(sidebar(page).getByText('1 Participant')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Alice Anderson' })).toBeVisible();

  const frank = await pageAs(browser, 'frank');
  await frank.goto(midUrl());
  const hidden = sidebar(frank).getByRole('list', { name: 'Ancestors' });
  await expect(hidden.getByText("You don't have permission to view this epic")).toBeVisible();
  await expect(frank.getByText(TOP_SECRET)).toHaveCount(0);
  await settledScreenshot(frank, 'epic-sidebar-hidden-ancestor');
  await frank.context().close();
});

test('participants: the users its description and comments mention, when they may read the epic', async ({ page }) => {
  // frank is a Guest of the group (reads its open epics); carol is no member (reads none of them).
  const open = await project.api('POST', `/groups/${project.groupId}/epics`, {
    title: 'Mentions epic',
    description: 'Over to @frank and @carol',
  });
  await project.api('POST', `/groups/${project.groupId}/epics/${open.id}/notes`, { body: 'cc @FRANK' });
  await page.goto(`/groups/${project.groupPath}/-/epics/${open.iid}`);
  await expect(sidebar(page).getByText('2 Participants')).toBeVisible();
  const people = sidebar(page).getByRole('list', { name: 'Participants' });
  await expect(people.getByRole('link', { name: 'Frank Fischer', exact: true })).toBeVisible();
  await expect(people.getByRole('link', { name: 'Alice Anderson', exact: true })).toBeVisible();
  await expect(people.getByRole('link', { name: 'Carol Chen', exact: true })).toHaveCount(0);
  await people.scrollIntoViewIfNeeded();
  await settledScreenshot(page, 'epic-sidebar-participants-mentioned');

  // A Guest may not read a confidential epic: mentioned there, frank is not listed.
  const secret = await project.api('POST', `/groups/${project.groupId}/epics`, {
    title: 'Confidential mentions epic',
    confidential: true,
    description: 'Over to @frank',
  });
  await page.goto(`/groups/${project.groupPath}/-/epics/${secret.iid}`);
  await expect(sidebar(page).getByText('1 Participant')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Frank Fischer', exact: true })).toHaveCount(0);
});

test('a Guest sees every widget read-only', async ({ browser }) => {
  const frank = await pageAs(browser, 'frank');
  await frank.goto(mainUrl());
  await expect(region(frank, 'Labels')).toBeVisible();
  // Wait for the permissions to arrive (the to-do button shows with them), then no field is editable.
  await expect(sidebar(frank).getByRole('button', { name: 'Add a to do' })).toBeVisible();
  await expect(sidebar(frank).getByRole('button', { name: /^Edit / })).toHaveCount(0);
  for (const name of ['Start date', 'Due date']) {
    await expect(region(frank, name).getByRole('radio', { name: 'Fixed' })).toBeDisabled();
  }
  await expect(sidebar(frank).getByText('1 Participant')).toBeVisible();
  await settledScreenshot(frank, 'epic-sidebar-guest');
  await frank.context().close();
});

/** The page's data requests (page JSON, REST, GraphQL — named by operation), not its scripts or styles. */
function recordDataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/graphql') {
      const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(String(request.postDataJSON()?.query ?? ''));
      seen.push(`graphql ${operation?.[1] ?? '?'}`);
    } else if (url.pathname.startsWith('/api/') || url.pathname.endsWith('.json')) {
      seen.push(`${request.method()} ${url.pathname}`);
    }
  });
  return seen;
}

test('the page reads its permissions once, from the page JSON: no separate permission queries', async ({ browser }) => {
  const page = await pageAs(browser, 'alice');
  const requests = recordDataRequests(page);
  await page.goto(mainUrl());
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'Edit labels' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  console.log(`epic page load: ${requests.length} data requests\n  ${requests.join('\n  ')}`);
  expect(requests.filter((r) => r.endsWith(`/-/epics/${epics.main}.json`))).toHaveLength(1);
  expect(requests).not.toContain('graphql epicTreeAddPermissions');
  await page.context().close();
});
