import { expect, type Page, test } from '@playwright/test';
import { settledScreenshot } from './screenshots';

interface ListCase {
  name: string;
  url: string;
  api: string;
  /** Tab labels in order. */
  tabs: string[];
  /** A filter in the address (GitLab web name) and the same filter in the REST query. */
  filter: { web: string; api: string };
}

const STATE_TABS = ['Open', 'Closed', 'All'];
const MR_STATE_TABS = ['Open', 'Merged', 'Closed', 'All'];
/** Every list is filtered by the same author; its web and REST names agree. */
const listCase = (name: string, url: string, api: string, tabs: string[]): ListCase => ({
  name,
  url,
  api,
  tabs,
  filter: { web: 'author_username=alice', api: 'author_username=alice' },
});

const CASES: ListCase[] = [
  listCase('group-epics', '/groups/acme/-/epics', '/api/v4/groups/acme/epics', STATE_TABS),
  listCase(
    'project-issues',
    '/acme/product/web-app/-/issues',
    '/api/v4/projects/acme%2Fproduct%2Fweb-app/issues',
    STATE_TABS,
  ),
  listCase('group-issues', '/groups/acme/-/issues', '/api/v4/groups/acme/issues', STATE_TABS),
  listCase(
    'project-merge-requests',
    '/acme/product/web-app/-/merge_requests',
    '/api/v4/projects/acme%2Fproduct%2Fweb-app/merge_requests',
    MR_STATE_TABS,
  ),
  listCase(
    'group-merge-requests',
    '/groups/acme/-/merge_requests',
    '/api/v4/groups/acme/merge_requests',
    MR_STATE_TABS,
  ),
];

const STATES: Record<string, string> = { Open: 'opened', Merged: 'merged', Closed: 'closed', All: 'all' };

function rows(page: Page) {
  return page.locator('table tbody tr');
}

/** The title link of each row, in order. */
async function rowTitles(page: Page): Promise<string[]> {
  await expect(rows(page).first()).toBeVisible();
  const links = page.locator('table tbody tr td:first-child a');
  return (await links.allTextContents()).map((t) => t.trim());
}

async function apiTitles(page: Page, url: string): Promise<string[]> {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  const items = (await response.json()) as Array<{ title: string; draft?: boolean }>;
  return items.map((item) => item.title.trim());
}

async function apiTotal(page: Page, url: string): Promise<number> {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  return Number(response.headers()['x-total']);
}

const stripDraft = (title: string) => title.replace(/^\s*(?:\[draft\]|\(draft\)|draft:|draft\s-)\s*/i, '');

test.use({ viewport: { width: 1280, height: 800 } });

for (const list of CASES) {
  test.describe(list.name, () => {
    test('renders rows and a count on every state tab', async ({ page }) => {
      await page.goto(list.url);
      const tabs = page.locator('a[data-state]');
      await expect(tabs).toHaveCount(list.tabs.length);
      expect((await rowTitles(page)).length).toBe(20);
      for (const [i, label] of list.tabs.entries()) {
        const state = STATES[label] ?? label;
        const tab = tabs.nth(i);
        await expect(tab).toHaveAttribute('data-state', state);
        const total = await apiTotal(page, `${list.api}?state=${state}&per_page=1`);
        await expect(tab.getByTestId('state-count')).toHaveText(total.toLocaleString('en'));
        expect(await tab.textContent()).toContain(label);
      }
      await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
      await settledScreenshot(page, `list-${list.name}`);
    });

    test('a state link keeps the filters and sets the state', async ({ page }) => {
      await page.goto(`${list.url}?scope=all&state=opened&${list.filter.web}`);
      await expect(rows(page).first()).toBeVisible();
      const closed = page.locator('a[data-state="closed"]');
      await closed.click();
      await expect(page).toHaveURL(/[?&]state=closed(&|$)/);
      expect(new URL(page.url()).search).toContain(list.filter.web);
      expect(new URL(page.url()).search.startsWith('?scope=all')).toBe(true);
      await expect(closed).toHaveAttribute('aria-current', 'page');
      const expected = await apiTitles(page, `${list.api}?state=closed&${list.filter.api}&per_page=20`);
      if (expected.length === 0) {
        await expect(page.getByText('Sorry, your filter produced no results')).toBeVisible();
      } else {
        await expect.poll(async () => (await rowTitles(page)).map(stripDraft)).toEqual(expected.map(stripDraft));
      }
      const total = await apiTotal(page, `${list.api}?state=closed&${list.filter.api}&per_page=1`);
      await expect(closed.getByTestId('state-count')).toHaveText(total.toLocaleString('en'));
    });

    test('the sort dropdown changes the order', async ({ page }) => {
      await page.goto(list.url);
      await expect(rows(page).first()).toBeVisible();
      await page.getByTestId('sort-dropdown').getByRole('button').first().click();
      await page.getByRole('option', { name: 'Title', exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=title_desc(&|$)/);
      await page.getByRole('button', { name: 'Sort direction: descending' }).click();
      await expect(page).toHaveURL(/[?&]sort=title_asc(&|$)/);
      const expected = await apiTitles(page, `${list.api}?state=opened&order_by=title&sort=asc&per_page=20`);
      await expect.poll(async () => (await rowTitles(page)).map(stripDraft)).toEqual(expected.map(stripDraft));
    });

    test('Next and Previous page through the list', async ({ page }) => {
      await page.goto(`${list.url}?state=all`);
      const first = await rowTitles(page);
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await pagination.getByRole('link', { name: /Next/ }).click();
      await expect(page).toHaveURL(/[?&]page_after=/);
      await expect.poll(async () => (await rowTitles(page))[0]).not.toBe(first[0]);
      const second = await rowTitles(page);
      const expected = await apiTitles(page, `${list.api}?state=all&per_page=40`);
      expect(second.map(stripDraft)).toEqual(expected.slice(20, 40).map(stripDraft));

      await pagination.getByRole('link', { name: /Next/ }).click();
      await expect.poll(async () => (await rowTitles(page))[0]).not.toBe(second[0]);
      await pagination.getByRole('link', { name: /Previous/ }).click();
      await expect.poll(async () => rowTitles(page)).toEqual(second);
      await pagination.getByRole('link', { name: /Previous/ }).click();
      await expect.poll(async () => rowTitles(page)).toEqual(first);
      expect(new URL(page.url()).searchParams.get('page_after')).toBeNull();
    });
  });
}

test('a filter without matches shows the filtered empty state', async ({ page }) => {
  await page.goto('/acme/product/web-app/-/issues?scope=all&state=opened&search=zzqx-no-such-words');
  await expect(page.getByRole('heading', { name: 'Sorry, your filter produced no results' })).toBeVisible();
  await expect(page.getByText('To widen your search, change or remove filters above.')).toBeVisible();
  await expect(page.locator('a[data-state="opened"]').getByTestId('state-count')).toHaveText('0');
});

test('the epics list shows the spec alert when fetching epics fails', async ({ page }) => {
  await page.goto('/groups/acme/-/epics?page_after=not-a-cursor');
  await expect(page.getByRole('alert')).toHaveText('Something went wrong while fetching epics');
});

test('every sort option of every list loads rows in both directions', async ({ page }) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const list of CASES) {
    await page.goto(list.url);
    await expect(rows(page).first()).toBeVisible();
    await page.getByTestId('sort-dropdown').getByRole('button').first().click();
    const options = (await page.getByRole('option').allTextContents()).map((t) => t.replace('✓', '').trim());
    await page.keyboard.press('Escape');
    for (const option of options) {
      for (const direction of ['chosen', 'flipped']) {
        if (direction === 'chosen') {
          await page.getByTestId('sort-dropdown').getByRole('button').first().click();
          await page.getByRole('option', { name: option, exact: true }).click();
          await expect(page.getByTestId('sort-dropdown')).toContainText(option);
        } else {
          const before = new URL(page.url()).searchParams.get('sort');
          await page.getByRole('button', { name: /^Sort direction/ }).click();
          await expect.poll(() => new URL(page.url()).searchParams.get('sort')).not.toBe(before);
        }
        // Settled: either the error state or rows that are not the previous page's placeholder.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(page.getByRole('alert').or(rows(page).first())).toBeVisible();
        if ((await page.getByRole('alert').count()) > 0) {
          failures.push(`${list.name}: ${option} (${new URL(page.url()).searchParams.get('sort')})`);
        }
      }
    }
  }
  expect(failures).toEqual([]);
});
