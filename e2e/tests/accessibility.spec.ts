import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { signedInPage } from './auth';
import { seriousViolations } from './axe';

const project = 'acme/product/web-app';

interface PageCase {
  name: string;
  url: string;
  /** Something that shows the page has loaded its data. */
  ready: (page: Page) => Locator;
}

const h1 = (name?: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

/** A page in a fresh context (AxeBuilder needs one made by `browser.newContext()`). */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

/** The iid of the first item a list endpoint returns. */
async function firstIid(page: Page, api: string): Promise<number> {
  const response = await page.request.get(`${api}?per_page=1`);
  expect(response.ok()).toBe(true);
  const [first] = (await response.json()) as { iid: number }[];
  if (!first) throw new Error(`${api} returned nothing`);
  return first.iid;
}

async function checkPages(page: Page, cases: PageCase[]) {
  for (const { name, url, ready } of cases) {
    await test.step(name, async () => {
      await page.goto(url);
      await expect(ready(page).first()).toBeVisible();
      expect.soft(await seriousViolations(page), `${name} (${url})`).toEqual([]);
    });
  }
}

test('signed-out pages have no serious accessibility violations', async ({ browser }) => {
  const page = await newPage(browser);
  await checkPages(page, [
    { name: 'sign-in', url: '/users/sign_in', ready: (p) => p.getByRole('heading', { name: 'Sign in to Meridian' }) },
    { name: 'not found', url: '/no-such-page/-/nothing', ready: (p) => p.getByText('Page not found') },
  ]);
  await page.context().close();
});

// A demo user's pages, in two tests of nine pages each (each page analysed in full takes a few seconds,
// more on a busy machine): the group's, then the project's.
test('the group pages a demo user sees have no serious accessibility violations', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, 'alice');
  const epic = await firstIid(page, '/api/v4/groups/acme/epics');
  await checkPages(page, [
    { name: 'dashboard', url: '/', ready: h1(/^Hi, /) },
    { name: 'groups list', url: '/dashboard/groups', ready: (p) => p.getByRole('link', { name: /Acme Corp/ }) },
    { name: 'group overview', url: '/acme', ready: h1('Acme Corp') },
    { name: 'group issues', url: '/groups/acme/-/issues', ready: (p) => p.locator('table tbody tr') },
    { name: 'group epics', url: '/groups/acme/-/epics', ready: (p) => p.locator('table tbody tr') },
    { name: 'epic', url: `/groups/acme/-/epics/${epic}`, ready: (p) => p.getByRole('main').getByRole('heading') },
    { name: 'roadmap', url: '/groups/acme/-/roadmap', ready: (p) => p.getByTestId('roadmap-row') },
    { name: 'group merge requests', url: '/groups/acme/-/merge_requests', ready: (p) => p.locator('table tbody tr') },
    { name: 'group milestones', url: '/groups/acme/-/milestones', ready: h1('Milestones') },
    { name: 'group labels', url: '/groups/acme/-/labels', ready: h1('Labels') },
  ]);
  await page.context().close();
});

test('the project pages a demo user sees have no serious accessibility violations', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, 'alice');
  const encoded = encodeURIComponent(project);
  const issue = await firstIid(page, `/api/v4/projects/${encoded}/issues`);
  const mergeRequest = await firstIid(page, `/api/v4/projects/${encoded}/merge_requests`);
  await checkPages(page, [
    { name: 'projects list', url: '/dashboard/projects', ready: (p) => p.getByRole('link', { name: /Web App/i }) },
    { name: 'project', url: `/${project}`, ready: h1() },
    { name: 'project issues', url: `/${project}/-/issues`, ready: (p) => p.locator('table tbody tr') },
    { name: 'issue', url: `/${project}/-/issues/${issue}`, ready: (p) => p.getByRole('main').getByRole('heading') },
    { name: 'merge requests', url: `/${project}/-/merge_requests`, ready: (p) => p.locator('table tbody tr') },
    {
      name: 'merge request',
      url: `/${project}/-/merge_requests/${mergeRequest}`,
      ready: (p) => p.getByRole('main').getByRole('heading'),
    },
    { name: 'milestones', url: `/${project}/-/milestones`, ready: h1('Milestones') },
    { name: 'labels', url: `/${project}/-/labels`, ready: h1('Labels') },
  ]);
  await page.context().close();
});

test('the admin settings pages have no serious accessibility violations', async ({ browser }) => {
  const page = await signedInPage(browser, 'root');
  await checkPages(page, [
    {
      name: 'admin general',
      url: '/admin/application_settings/general',
      ready: (p) => p.getByRole('checkbox', { name: /Sign-up enabled/ }),
    },
    {
      name: 'admin network',
      url: '/admin/application_settings/network',
      ready: (p) => p.getByLabel('Maximum requests per minute', { exact: true }),
    },
  ]);
  await page.context().close();
});
