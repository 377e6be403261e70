import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  type DomFinding,
  domCheckExpression,
  SENTINEL_INIT_SCRIPT,
} from '../../apps/server/src/security/xss-dom-check';
import { SENTINEL_HOST, sentinel, type XssPayload, xssCorpus } from '../../apps/server/src/test/xss-corpus';
import { authFile } from './auth';
import { sessionApi } from './session-api';

/**
 * Issue 8, web-app half of the XSS suite: a spread of the corpus (every 4th payload, all families)
 * is stored through the REST API as alice in a throw-away group, then every page that shows it is
 * visited with `window.__xss`, a dialog listener and a sentinel-host route installed. Nothing may
 * run and the DOM may hold no injected handler, script URL or script-capable element.
 */
const groupPath = `xss-e2e-${Date.now().toString(36)}`;
const projectPath = `${groupPath}/app`;
const subset = xssCorpus.filter((_p, i) => i % 4 === 0);
const auth = authFile('alice');

/** Elements React never renders in the app's content from data: any of them here was injected. */
const INJECTED_TAGS = ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'portal'];

interface Created {
  payload: XssPayload;
  issueIid: number;
  epicIid: number;
  title: string;
}
const created: Created[] = [];
let groupId = 0;
/** An issue whose description references every created issue and epic with `+` / `+s` (their titles shown). */
let referencingIid = 0;

const text = (p: XssPayload, code: string) => p.make(sentinel(p.id, code));

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await browser.newPage({ storageState: auth });
  const call = await sessionApi(page);

  const group = await call('POST', '/groups', { name: 'XSS e2e', path: groupPath, visibility: 'private' });
  groupId = Number(group.id);
  const project = await call('POST', '/projects', { name: 'app', path: 'app', namespace_id: groupId });
  for (const p of subset) {
    const labelName = text(p, 'ln').includes(',') ? `label ${p.id}` : text(p, 'ln').trim();
    await call('POST', `/groups/${groupId}/labels`, {
      name: labelName,
      color: '#cc3366',
      description: text(p, 'ld'),
    });
    const milestone = await call('POST', `/projects/${project.id}/milestones`, {
      title: text(p, 'mt'),
      description: text(p, 'md'),
    });
    const epic = await call('POST', `/groups/${groupId}/epics`, {
      title: text(p, 'et'),
      description: text(p, 'ed'),
      labels: [labelName],
      start_date_is_fixed: true,
      start_date_fixed: '2026-01-05',
      due_date_is_fixed: true,
      due_date_fixed: '2026-12-20',
    });
    await call('POST', `/groups/${groupId}/epics/${epic.id}/notes`, { body: text(p, 'en') });
    const issue = await call('POST', `/projects/${project.id}/issues`, {
      title: text(p, 'it'),
      description: text(p, 'id'),
      labels: [labelName],
      milestone_id: milestone.id,
      epic_id: epic.id,
    });
    await call('POST', `/projects/${project.id}/issues/${issue.iid}/notes`, { body: text(p, 'in') });
    created.push({ payload: p, issueIid: Number(issue.iid), epicIid: Number(epic.iid), title: String(issue.title) });
  }
  const referencing = await call('POST', `/projects/${project.id}/issues`, {
    title: 'Titles by reference',
    description: created.map((c, i) => `- #${c.issueIid}${i % 2 ? '+s' : '+'} and &${c.epicIid}+`).join('\n'),
  });
  referencingIid = Number(referencing.iid);
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage({ storageState: auth });
  if (groupId) await (await sessionApi(page))('DELETE', `/groups/${groupId}`);
  await page.close();
});

test.use({ storageState: auth });

/** What ran or loaded on the pages of one context: sentinel ids, dialogs, sentinel-host requests. */
async function instrument(context: BrowserContext, page: Page) {
  const fired: string[] = [];
  await context.exposeBinding('__xssReport', (_source, id: unknown) => void fired.push(`sentinel ${String(id)}`));
  await context.addInitScript(SENTINEL_INIT_SCRIPT);
  await context.route(`http://${SENTINEL_HOST}/**`, (route) => {
    fired.push(`request ${route.request().url()}`);
    return route.abort();
  });
  const onDialog = (p: Page) =>
    p.on('dialog', (d) => {
      fired.push(`dialog ${d.type()} ${d.message()}`);
      void d.dismiss();
    });
  onDialog(page);
  context.on('page', onDialog);
  return fired;
}

async function injectedDom(page: Page): Promise<string[]> {
  const found = await page.evaluate<DomFinding[]>(
    domCheckExpression({ forbiddenTags: INJECTED_TAGS, root: '#root', holderAttribute: null }),
  );
  return found.map((f) => `${page.url()}: ${f.detail}`);
}

/** Visits a page, lets it render and settle, and returns everything that shows an XSS. */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  // Whatever the page loads (and an injected script would fetch) has finished before we look.
  await page.waitForLoadState('networkidle');
  return injectedDom(page);
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const listed = (page: Page) => expect(page.getByRole('main').getByRole('link').first()).toBeVisible();

test('payloads in titles, descriptions, labels, milestones and notes render as text on every page', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const fired = await instrument(context, page);
  const problems: string[] = [];
  const lists = [
    `/${projectPath}/-/issues?per_page=100`,
    `/${projectPath}/-/issues?state=all&sort=title_asc`,
    `/groups/${groupPath}/-/issues`,
    `/groups/${groupPath}/-/epics`,
    `/groups/${groupPath}/-/labels`,
    `/groups/${groupPath}/-/milestones`,
    `/${projectPath}/-/milestones`,
    `/${projectPath}/-/labels`,
    `/groups/${groupPath}`,
  ];
  for (const path of lists) problems.push(...(await visit(page, path, listed)));
  problems.push(
    ...(await visit(page, `/groups/${groupPath}/-/roadmap?timeframe_range_type=THIS_YEAR`, async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      await p.waitForLoadState('networkidle');
    })),
  );
  // Roadmap popovers: hover the first few bars.
  for (const bar of (await page.locator('[data-testid="roadmap-bar"], [role="row"] a').all()).slice(0, 5)) {
    await bar.hover().catch(() => {});
    problems.push(...(await injectedDom(page)));
  }
  // One issue and one epic page per payload family at least: every 3rd created item.
  for (const c of created.filter((_c, i) => i % 3 === 0)) {
    problems.push(...(await visit(page, `/${projectPath}/-/issues/${c.issueIid}`, h1)));
    problems.push(...(await visit(page, `/groups/${groupPath}/-/epics/${c.epicIid}`, h1)));
  }
  // Filtered-search suggestions list label, milestone and epic titles: each token on a fresh bar
  // (a half-typed token would otherwise take the next one as its value).
  const bar = page
    .getByRole('combobox', { name: 'Search or filter results' })
    .or(page.getByLabel('Search or filter results'));
  for (const token of ['label:', 'milestone:', 'epic:']) {
    await page.goto(`/${projectPath}/-/issues`);
    await bar.first().click();
    await bar.first().pressSequentially(`${token}=`, { delay: 20 });
    // This step proves an absence (no injected markup or script among the suggestions), so it waits
    // until the stored titles (from the network or the query cache) are listed, past the wildcards.
    const stored = page
      .getByRole('listbox')
      .getByRole('option')
      .filter({ hasNotText: /^(None|Any|Upcoming|Started)$/ });
    await expect(stored.first()).toBeVisible();
    problems.push(...(await injectedDom(page)));
    await page.keyboard.press('Escape');
  }

  console.log(
    `xss e2e: ${subset.length} payloads × 9 fields stored, ${lists.length + 1 + Math.ceil(created.length / 3) * 2} pages visited`,
  );
  expect(fired, 'script ran or loaded').toEqual([]);
  expect(problems.slice(0, 30), `${problems.length} injected elements/attributes`).toEqual([]);
});

test('the issue page shows a payload as text (screenshot)', async ({ page, context }) => {
  const fired = await instrument(context, page);
  const shown = created.find((c) => c.payload.family === 'event-handler') ?? created[0];
  if (!shown) throw new Error('nothing created');
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`/${projectPath}/-/issues/${shown.issueIid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown.title);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'test-results/xss-issue-page.png', fullPage: true });
  expect(fired).toEqual([]);
  expect(await injectedDom(page)).toEqual([]);
});

test('hostile titles shown through #12+ and #12+s references stay text (screenshot)', async ({ page, context }) => {
  const fired = await instrument(context, page);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(`/${projectPath}/-/issues/${referencingIid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Titles by reference');
  // The `$`-pattern family's first title, as text inside its reference link (`Title (#12)`).
  const dollar = created.find((c) => c.payload.family === 'replacement-pattern');
  if (!dollar) throw new Error('no replacement-pattern payload in the subset');
  await expect(
    page.getByRole('link', { name: `${dollar.title} (#${dollar.issueIid}`, exact: false }).first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'test-results/xss-titles-by-reference.png', fullPage: true });
  expect(fired).toEqual([]);
  expect(await injectedDom(page)).toEqual([]);
});
