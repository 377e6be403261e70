import { expect, type Locator, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { type IssueProject, useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/** The epic page's child-items tree (IE §2.3, §4): counts, lazy levels, labels, moves, remove, Roadmap. */

interface TreeWorld {
  rootIid: number;
  alphaIid: number;
  betaIid: number;
  bigIid: number;
  mixedIid: number;
}
const world: TreeWorld = { rootIid: 0, alphaIid: 0, betaIid: 0, bigIid: 0, mixedIid: 0 };

const project: IssueProject = useIssueProject(
  'epictree',
  ['First issue', 'Second issue', 'Third issue', 'Alpha issue', 'Key one', 'Key two', 'Mixed issue'],
  async ({ api, groupId, projectId }) => {
    const epic = async (title: string, parentIid?: number) =>
      (parentIid
        ? await api('POST', `/groups/${groupId}/epics/${parentIid}/epics`, { title })
        : await api('POST', `/groups/${groupId}/epics`, { title })) as { iid: number; id: number };
    const root = await epic('Tree root');
    const alpha = await epic('Alpha', root.iid);
    const beta = await epic('Beta', root.iid);
    const keys = await epic('Keys', root.iid);
    const big = await epic('Big epic');
    const mixed = await epic('Mixed root');
    await epic('Mixed A', mixed.iid);
    await epic('Mixed B', mixed.iid);
    Object.assign(world, {
      rootIid: root.iid,
      alphaIid: alpha.iid,
      betaIid: beta.iid,
      bigIid: big.iid,
      mixedIid: mixed.iid,
    });
    await api('POST', `/groups/${groupId}/labels`, { name: 'tree-bug', color: '#dd2b0e' });
    const issues = (await api('GET', `/projects/${projectId}/issues?per_page=100`)) as unknown as Array<{
      id: number;
      iid: number;
      title: string;
    }>;
    const byTitle = new Map(issues.map((i) => [i.title, i]));
    await api('PUT', `/projects/${projectId}/issues/${byTitle.get('First issue')?.iid}`, {
      labels: 'tree-bug',
      weight: 3,
    });
    await api('PUT', `/projects/${projectId}/issues/${byTitle.get('Third issue')?.iid}`, { weight: 2 });
    for (const title of ['First issue', 'Second issue', 'Third issue']) {
      await api('POST', `/groups/${groupId}/epics/${root.iid}/issues/${byTitle.get(title)?.id}`);
    }
    await api('POST', `/groups/${groupId}/epics/${alpha.iid}/issues/${byTitle.get('Alpha issue')?.id}`);
    await api('POST', `/groups/${groupId}/epics/${mixed.iid}/issues/${byTitle.get('Mixed issue')?.id}`);
    for (const title of ['Key one', 'Key two']) {
      await api('POST', `/groups/${groupId}/epics/${keys.iid}/issues/${byTitle.get(title)?.id}`);
    }
  },
);

const epicUrl = (iid: number) => `/groups/${project.groupPath}/-/epics/${iid}`;
const panel = (page: Page) => page.getByTestId('child-items-panel');

/** Opens an epic page and waits for its tree (generous: the shared test machine is slow). */
async function openEpic(page: Page, iid: number) {
  await page.goto(epicUrl(iid));
  await expect(panel(page).getByTestId('tree-body')).toBeVisible({ timeout: 30_000 });
}
const topRows = (page: Page) => panel(page).locator('[data-testid="tree-body"] > ul > li > [data-testid="tree-row"]');
const rowTitles = async (rows: Locator) =>
  rows.evaluateAll((els) => els.map((el) => el.querySelector('a')?.textContent ?? ''));
const rowOf = (page: Page, title: string) =>
  panel(page)
    .getByTestId('tree-row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ storageState: authFile('alice') });
test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  page.on('response', (r) => r.status() >= 500 && console.error(`HTTP ${r.status()} ${r.url()}`));
});

test('the tree renders with its counts and expands a child epic lazily', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1100 });
  await openEpic(page, world.rootIid);
  await expect(panel(page).getByRole('heading', { name: 'Child issues and epics' })).toBeVisible();
  await expect(panel(page).getByTestId('epics-count')).toHaveAttribute('title', 'Epics • 3 open, 0 closed');
  await expect(panel(page).getByTestId('issues-count')).toHaveAttribute('title', 'Issues • 6 open, 0 closed');
  await expect(panel(page).getByTestId('weight-sum')).toHaveText('Weight 5');
  await expect(topRows(page)).toHaveCount(6);
  await expect(rowOf(page, 'First issue').locator('[data-icon]')).toHaveAttribute('title', /^Created /);

  // Alpha's issue is fetched on the first expand only.
  await expect(panel(page).getByRole('link', { name: 'Alpha issue' })).toHaveCount(0);
  const fetched = page.waitForRequest((r) => r.url().endsWith('/api/graphql') && /childItems/.test(r.postData() ?? ''));
  await panel(page).getByRole('button', { name: 'Expand Alpha' }).click();
  await fetched;
  await expect(panel(page).getByRole('link', { name: 'Alpha issue' })).toBeVisible();
  await settledScreenshot(page, 'epic-tree');
  await panel(page).getByRole('button', { name: 'Collapse Alpha' }).click();
  await expect(panel(page).getByRole('link', { name: 'Alpha issue' })).toHaveCount(0);
});

test("'Show labels' hides the labels and the choice persists", async ({ page }) => {
  await openEpic(page, world.rootIid);
  const label = rowOf(page, 'First issue').getByTestId('label');
  await expect(label).toHaveText('tree-bug');
  await panel(page).getByText('Show labels').click();
  await expect(label).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('gl-show-board-labels'))).toBe('false');
  await page.reload();
  await expect(rowOf(page, 'First issue')).toBeVisible();
  await expect(rowOf(page, 'First issue').getByTestId('label')).toHaveCount(0);
  await panel(page).getByText('Show labels').click();
  await expect(rowOf(page, 'First issue').getByTestId('label')).toHaveText('tree-bug');
});

test('drag to reorder persists after a reload', async ({ page }) => {
  await openEpic(page, world.rootIid);
  await expect(topRows(page)).toHaveCount(6);
  const issuesOrder = async () => (await rowTitles(topRows(page))).filter((t) => t.endsWith(' issue'));
  expect(await issuesOrder()).toEqual(['First issue', 'Second issue', 'Third issue']);
  await rowOf(page, 'Third issue').dragTo(rowOf(page, 'First issue'), { targetPosition: { x: 40, y: 3 } });
  await expect.poll(issuesOrder).toEqual(['Third issue', 'First issue', 'Second issue']);
  await page.reload();
  await expect(topRows(page)).toHaveCount(6);
  await expect.poll(issuesOrder).toEqual(['Third issue', 'First issue', 'Second issue']);
});

test('child epics and issues are one list: an issue dragged between two epics stays there', async ({ page }) => {
  await openEpic(page, world.mixedIid);
  await expect.poll(() => rowTitles(topRows(page))).toEqual(['Mixed A', 'Mixed B', 'Mixed issue']);
  // Dropped on the top edge of Mixed B: between the two epics, not back after them.
  await rowOf(page, 'Mixed issue').dragTo(rowOf(page, 'Mixed B'), { targetPosition: { x: 40, y: 3 } });
  await expect.poll(() => rowTitles(topRows(page))).toEqual(['Mixed A', 'Mixed issue', 'Mixed B']);
  await page.reload();
  await expect.poll(() => rowTitles(topRows(page))).toEqual(['Mixed A', 'Mixed issue', 'Mixed B']);
  await settledScreenshot(page, 'epic-tree-mixed-order');

  // The keyboard moves an epic above the issue the same way.
  await rowOf(page, 'Mixed B').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => rowTitles(topRows(page))).toEqual(['Mixed A', 'Mixed B', 'Mixed issue']);
  await expect(panel(page).getByTestId('tree-announcer')).toHaveText('Moved Mixed B to position 2 of 3.');
  await page.reload();
  await expect.poll(() => rowTitles(topRows(page))).toEqual(['Mixed A', 'Mixed B', 'Mixed issue']);
});

test('drag into another epic moves the item there', async ({ page }) => {
  await openEpic(page, world.rootIid);
  await expect(rowOf(page, 'Second issue')).toBeVisible();
  const beta = rowOf(page, 'Beta');
  const box = await beta.boundingBox();
  await rowOf(page, 'Second issue').dragTo(beta, { targetPosition: { x: 200, y: (box?.height ?? 48) / 2 } });
  // Dropped into an empty epic: its first child, and the epic expands.
  await expect(panel(page).getByRole('button', { name: 'Collapse Beta' })).toBeVisible();
  await expect(topRows(page)).toHaveCount(5);
  await page.reload();
  await panel(page).getByRole('button', { name: 'Expand Beta' }).click();
  const betaItem = panel(page).locator('li', { has: page.getByRole('link', { name: 'Beta', exact: true }) });
  await expect(betaItem.getByRole('link', { name: 'Second issue' })).toBeVisible();
});

test('keyboard: Alt+Arrow moves within the parent, Tab indents, Shift+Tab outdents', async ({ page }) => {
  await openEpic(page, world.rootIid);
  const announcer = panel(page).getByTestId('tree-announcer');
  await panel(page).getByRole('button', { name: 'Expand Keys' }).click();
  const keysItem = panel(page).locator('li', { has: page.getByRole('link', { name: 'Keys', exact: true }) });
  const keyRows = keysItem.locator('ul > li > [data-testid="tree-row"]');
  await expect.poll(() => rowTitles(keyRows)).toEqual(['Key one', 'Key two']);
  await rowOf(page, 'Key one').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => rowTitles(keyRows)).toEqual(['Key two', 'Key one']);
  await expect(announcer).toHaveText('Moved Key one to position 2 of 2.');
  await expect(rowOf(page, 'Key one')).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => rowTitles(keyRows)).toEqual(['Key one', 'Key two']);
  await page.reload();
  await panel(page).getByRole('button', { name: 'Expand Keys' }).click();
  await expect.poll(() => rowTitles(keyRows)).toEqual(['Key one', 'Key two']);

  // Tab: into the epic right above; Shift+Tab: back out, right after that epic.
  const top = await rowTitles(topRows(page));
  const at = top.findIndex((t, n) => t.endsWith(' issue') && ['Alpha', 'Beta', 'Keys'].includes(top[n - 1] ?? ''));
  expect(at).toBeGreaterThan(0);
  const moved = top[at] as string;
  const into = top[at - 1] as string;
  await rowOf(page, moved).focus();
  await page.keyboard.press('Tab');
  await expect(announcer).toHaveText(`Moved ${moved} into ${into}.`);
  const intoItem = panel(page).locator('li', { has: page.getByRole('link', { name: into, exact: true }) });
  await expect(intoItem.locator('ul').getByRole('link', { name: moved })).toBeVisible();
  await expect(rowOf(page, moved)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(announcer).toHaveText(`Moved ${moved} out to Tree root.`);
  await expect.poll(async () => (await rowTitles(topRows(page))).includes(moved)).toBe(true);
});

test('remove an issue and an epic with the confirmation modal', async ({ page }) => {
  await openEpic(page, world.rootIid);
  await rowOf(page, 'Third issue').getByRole('button', { name: 'Remove Third issue' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Remove issue' })).toBeVisible();
  await expect(dialog.getByTestId('remove-body')).toHaveText(
    'Are you sure you want to remove Third issue from Tree root?',
  );
  await settledScreenshot(page, 'epic-tree-remove-modal');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, 'Third issue')).toHaveCount(0);

  await rowOf(page, 'Alpha').getByRole('button', { name: 'Remove Alpha' }).click();
  await expect(dialog.getByRole('heading', { name: 'Remove epic' })).toBeVisible();
  await expect(dialog.getByTestId('remove-body')).toHaveText(
    'This will also remove any descendents of Alpha from Tree root. Are you sure?',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, 'Alpha')).toBeVisible();
});

test("'Show more' pages past 100 children", async ({ page }) => {
  test.setTimeout(180_000);
  const api = project.api;
  for (let n = 1; n <= 101; n++) {
    await api('POST', `/groups/${project.groupId}/epics/${world.bigIid}/epics`, { title: `Big child ${n}` });
  }
  await openEpic(page, world.bigIid);
  await expect(topRows(page)).toHaveCount(100);
  await expect(panel(page).getByTestId('epics-count')).toHaveAttribute('title', 'Epics • 101 open, 0 closed');
  await panel(page).getByRole('button', { name: 'Show more' }).click();
  await expect(topRows(page)).toHaveCount(101);
  await expect(panel(page).getByRole('button', { name: 'Show more' })).toHaveCount(0);
  // More than 5 direct children: the tree scrolls inside the panel.
  const scrolls = await panel(page)
    .getByTestId('tree-body')
    .evaluate((el) => getComputedStyle(el).overflowY === 'auto' && el.scrollHeight > el.clientHeight);
  expect(scrolls).toBe(true);
});

test('the Roadmap tab loads the roadmap of the child epics', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1100 });
  // The roadmap shows epics with dates: give Beta this quarter.
  const year = new Date().getFullYear();
  await project.api('PUT', `/groups/${project.groupId}/epics/${world.betaIid}`, {
    start_date_is_fixed: true,
    start_date_fixed: `${year}-01-01`,
    due_date_is_fixed: true,
    due_date_fixed: `${year}-12-31`,
  });
  await openEpic(page, world.rootIid);
  await panel(page).getByRole('tab', { name: 'Roadmap' }).click();
  const tabPanel = panel(page).getByRole('tabpanel');
  await expect(tabPanel.getByText('Beta').first()).toBeVisible();
  await expect(panel(page).getByText('Failed to load Roadmap')).toHaveCount(0);
  await settledScreenshot(page, 'epic-tree-roadmap');
});

// A Reporter is above Planner, so (as in GitLab) may admin epic relations: the read-only case is a Guest.
test.describe('a Guest (frank, Guest of acme)', () => {
  test.use({ storageState: authFile('frank') });

  test('sees the tree without drag handles or remove buttons', async ({ page, browser }) => {
    const alice = await browser.newPage({ storageState: authFile('alice') });
    const csrf = ((await (await alice.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
    const post = async (path: string, data: object) =>
      (await (await alice.request.post(`/api/v4${path}`, { headers: { 'x-csrf-token': csrf }, data })).json()) as {
        iid: number;
      };
    const parent = await post('/groups/acme/epics', { title: `Guest tree ${Date.now()}` });
    await post(`/groups/acme/epics/${parent.iid}/epics`, { title: 'Guest child' });
    await alice.close();

    await page.goto(`/groups/acme/-/epics/${parent.iid}`);
    await expect(rowOf(page, 'Guest child')).toBeVisible({ timeout: 30_000 });
    await expect(panel(page).getByTestId('drag-handle')).toHaveCount(0);
    await expect(panel(page).getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(rowOf(page, 'Guest child')).toHaveAttribute('draggable', 'false');
  });
});
