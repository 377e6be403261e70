import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { screenshotPath } from './screenshots';

const project = 'acme/product/web-app';
const listPath = `/${project}/-/issues`;
const apiIssues = `/api/v4/projects/${encodeURIComponent(project)}/issues`;

interface ApiIssue {
  iid: number;
  title: string;
  author: { username: string; name: string };
  milestone: { title: string } | null;
  labels: string[];
}

const bar = (page: Page) => page.getByRole('combobox', { name: 'Search or filter results' });

/** Moves the active option (aria-activedescendant) to the one named `name` by arrow keys, then presses Enter. */
async function chooseOption(page: Page, name: string | RegExp) {
  const option = page.getByRole('listbox').getByRole('option', { name }).first();
  await expect(option).toBeVisible();
  const id = await option.getAttribute('id');
  for (let i = 0; i < 60; i += 1) {
    if ((await bar(page).getAttribute('aria-activedescendant')) === id) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(bar(page)).toHaveAttribute('aria-activedescendant', id ?? '');
  await page.keyboard.press('Enter');
}

async function shoot(page: Page, name: string) {
  const box = await page.getByRole('search', { name: 'Filtered search' }).boundingBox();
  if (!box) throw new Error('the bar is not visible');
  await page.screenshot({
    path: screenshotPath(`filtered-search-${name}`),
    clip: { x: Math.max(0, box.x - 48), y: Math.max(0, box.y - 8), width: Math.min(900, box.width + 140), height: 360 },
  });
}

/** Builds `key operator value` by keyboard only: hint list, operator list, value list. */
async function addToken(page: Page, key: string, operator: '=' | '!=' | '||', value: string, option: string | RegExp) {
  await page.keyboard.type(key);
  await chooseOption(page, new RegExp(`^${key}$`, 'i'));
  await page.keyboard.type(operator);
  await chooseOption(page, new RegExp(`^${operator.replace(/\|/g, '\\|')}`));
  await typeValue(page, value, option);
}

/** Types a value's first word, waits for the suggestion, then types the rest (a space may commit early otherwise). */
async function typeValue(page: Page, value: string, option: string | RegExp) {
  const [first = '', ...rest] = value.split(' ');
  await page.keyboard.type(first);
  await expect(page.getByRole('listbox').getByRole('option', { name: option }).first()).toBeVisible();
  if (rest.length) await page.keyboard.type(` ${rest.join(' ')}`);
  await chooseOption(page, option);
}

test.describe('signed in as alice', () => {
  test.use({ storageState: authFile('alice') });

  test('builds a query by keyboard, submits it, restores it, lists it in the history, edits and clears it', async ({
    page,
  }) => {
    test.setTimeout(90_000);

    // Pick a real combination from the API: an open issue with an author, a milestone and a label, plus a
    // project label it does not carry, and a word of its title.
    const all = (await (await page.request.get(`${apiIssues}?state=opened&per_page=100`)).json()) as ApiIssue[];
    const labelsRes = await page.request.get(`/${project}/-/labels.json?include_ancestor_groups=true&per_page=100`);
    expect(labelsRes.ok()).toBe(true);
    const projectLabels = ((await labelsRes.json()) as { title: string }[]).map((l) => l.title);
    const target = all.find((i) => i.milestone && i.labels.length > 0 && /\b[a-z]{5,}\b/i.test(i.title));
    if (!target?.milestone) throw new Error('the demo data has no open issue with a milestone and a label');
    const orLabel = target.labels[0] ?? '';
    const notLabel = projectLabels.find((l) => !target.labels.includes(l) && !l.includes(' ')) ?? '';
    const word = (/\b[a-z]{5,}\b/i.exec(target.title)?.[0] ?? '').toLowerCase();
    const author = target.author.username;
    const milestone = target.milestone.title;

    await page.goto(listPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
    await bar(page).focus();
    await expect(page.getByRole('listbox', { name: 'Filter keys' })).toBeVisible();
    await shoot(page, 'hints');

    await page.keyboard.type('author');
    await chooseOption(page, /^author$/i);
    await expect(page.getByRole('listbox', { name: 'Author operators' })).toBeVisible();
    await shoot(page, 'operators');
    await page.keyboard.type('=');
    await chooseOption(page, /^=/);
    await page.keyboard.type(author);
    await expect(page.getByRole('option', { name: new RegExp(`@${author}`) })).toBeVisible();
    await shoot(page, 'values');
    await chooseOption(page, new RegExp(`@${author}$`));

    await addToken(page, 'label', '!=', notLabel, new RegExp(`^${escapeRegExp(notLabel)}$`));
    await addToken(page, 'label', '||', orLabel, new RegExp(`^${escapeRegExp(orLabel)}$`));
    await addToken(page, 'milestone', '=', milestone, new RegExp(`^${escapeRegExp(milestone)}$`));
    await page.keyboard.type(word);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/scope=all/);
    const url = new URL(page.url());
    expect(url.search.startsWith('?scope=all')).toBe(true);
    expect(url.searchParams.get('state')).toBe('opened');
    expect(url.searchParams.get('author_username')).toBe(author);
    expect(url.searchParams.getAll('not[label_name][]')).toEqual([notLabel]);
    expect(url.searchParams.getAll('or[label_name][]')).toEqual([orLabel]);
    expect(url.searchParams.get('milestone_title')).toBe(milestone);
    expect(url.searchParams.get('search')).toBe(word);

    // Every listed row is what the REST API returns for the same filters, and the target issue is one of them.
    const rest = new URLSearchParams({
      state: 'opened',
      author_username: author,
      'not[labels]': notLabel,
      'or[labels]': orLabel,
      milestone,
      search: word,
      per_page: '100',
    });
    const expected = (await (await page.request.get(`${apiIssues}?${rest}`)).json()) as ApiIssue[];
    expect(expected.map((i) => i.iid)).toContain(target.iid);
    const rows = page.locator('table a[href*="/-/issues/"]');
    await expect(rows.first()).toBeVisible();
    const links = await rows.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const iids = [...new Set(links.map((href) => Number(/\/-\/issues\/(\d+)/.exec(href)?.[1])))];
    expect(iids.sort((a, b) => a - b)).toEqual(expected.map((i) => i.iid).sort((a, b) => a - b));

    // A reload restores the tokens from the address.
    await page.reload();
    const tokens = page.getByTestId('filtered-search-token');
    await expect(tokens).toHaveCount(4);
    await expect(page.getByRole('button', { name: `Edit filter Author = ${author}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit filter Label != ${notLabel}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit filter Label || ${orLabel}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit filter Milestone = ${milestone}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit search text ${word}` })).toBeVisible();

    // The history dropdown lists the search.
    await page.getByRole('button', { name: 'Toggle history' }).click();
    const history = page.getByRole('menu', { name: 'Recent searches' });
    await expect(history.getByRole('menuitem').first()).toContainText(author);
    await expect(history.getByRole('menuitem', { name: 'Clear recent searches' })).toBeVisible();
    await shoot(page, 'history');
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);

    // Clicking a token edits it: its value moves into the input.
    await page.getByRole('button', { name: `Edit filter Milestone = ${milestone}` }).click();
    await expect(bar(page)).toBeFocused();
    await expect(page.getByTestId('filtered-search-pending')).toHaveText('Milestone=');
    await expect(bar(page)).toHaveValue(/./);
    await expect(tokens).toHaveCount(3);

    // Meta+Backspace clears everything; Enter submits the empty search.
    await page.keyboard.press('Meta+Backspace');
    await expect(tokens).toHaveCount(0);
    await expect(bar(page)).toHaveAttribute('placeholder', 'Search or filter results…');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/author_username/);
    await expect(page).toHaveURL(/\?scope=all/);
    const cleared = new URL(page.url());
    expect(cleared.searchParams.get('author_username')).toBeNull();
    expect(cleared.searchParams.get('search')).toBeNull();
  });

  function escapeRegExp(text: string): string {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
});

test('an anonymous visitor of a group epics list gets author and label only, and the broken-history alert', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('acme-epics', '{broken'));
  await page.goto('/groups/acme/-/epics');
  await expect(page.getByRole('heading', { level: 1, name: 'Epics' })).toBeVisible();
  await bar(page).focus();
  const hints = page.getByRole('listbox', { name: 'Filter keys' }).getByRole('option');
  await expect(hints).toHaveText(['Author', 'Label']);

  await page.keyboard.type('label');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await typeValue(page, 'backend', /^backend$/);
  await expect(page.getByRole('button', { name: 'Edit filter Label = backend' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/label_name%5B%5D=backend|label_name\[\]=backend/);
  const url = new URL(page.url());
  expect(url.search.startsWith('?scope=all')).toBe(true);
  expect(url.searchParams.get('state')).toBe('opened');

  // Epics of the list all carry the label: compare with the REST API.
  const expected = (await (
    await page.request.get('/api/v4/groups/acme/epics?state=opened&labels=backend&per_page=100')
  ).json()) as { iid: number; labels: string[] }[];
  expect(expected.length).toBeGreaterThan(0);
  for (const epic of expected) expect(epic.labels).toContain('backend');

  // The stored history could not be parsed: the alert, and no list.
  await page.evaluate(() => window.localStorage.setItem('acme-epics', '{broken'));
  await page.getByRole('button', { name: 'Toggle history' }).click();
  await expect(page.getByRole('menu', { name: 'Recent searches' }).getByRole('alert')).toHaveText(
    'An error occurred while parsing recent searches.',
  );
});
