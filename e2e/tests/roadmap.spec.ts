import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { settledScreenshot } from './screenshots';

const roadmap = '/groups/acme/-/roadmap';

test.use({ storageState: authFile('alice') });

async function openRoadmap(page: Page, query: string) {
  await page.goto(`${roadmap}?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeVisible();
  await expect(page.getByTestId('roadmap-row').first()).toBeVisible();
}

/** The roadmap over three years by quarters, with its first rows shown; `expectMore` waits for more rows. */
async function openAllYearsRoadmap(page: Page) {
  await openRoadmap(page, 'timeframe_range_type=THREE_YEARS&layout=QUARTERS&state=all');
  const scroller = page.getByTestId('roadmap-scroller');
  const count = async () => Number(await scroller.getAttribute('data-row-count'));
  const before = await count();
  expect(before).toBeGreaterThan(0);
  return { scroller, expectMore: () => expect.poll(count).toBeGreaterThan(before) };
}

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[m - 1]} ${d}, ${y}`;
}

test.use({ viewport: { width: 1440, height: 900 } });

const combos: Array<{ range: string; preset: string; min: number; max: number; label: RegExp }> = [
  { range: 'CURRENT_QUARTER', preset: 'WEEKS', min: 13, max: 15, label: /^[A-Z][a-z]{2} \d{1,2}(, \d{4})?$/ },
  { range: 'CURRENT_YEAR', preset: 'MONTHS', min: 12, max: 12, label: /^Jan \d{4}$/ },
  { range: 'CURRENT_YEAR', preset: 'WEEKS', min: 52, max: 54, label: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/ },
  { range: 'THREE_YEARS', preset: 'QUARTERS', min: 12, max: 13, label: /^Q[1-4] \d{4}$/ },
  { range: 'THREE_YEARS', preset: 'MONTHS', min: 36, max: 37, label: /^[A-Z][a-z]{2} \d{4}$/ },
  { range: 'THREE_YEARS', preset: 'WEEKS', min: 155, max: 160, label: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/ },
];

for (const { range, preset, min, max, label } of combos) {
  test(`${range} × ${preset} renders its header`, async ({ page }) => {
    await openRoadmap(page, `timeframe_range_type=${range}&layout=${preset}`);
    const headers = page.getByTestId('roadmap-header-item');
    const count = await headers.count();
    expect(count).toBeGreaterThanOrEqual(min);
    expect(count).toBeLessThanOrEqual(max);
    await expect(headers.first().locator('span').first()).toHaveText(label);
    if (preset === 'WEEKS') await expect(headers.first().locator('span span')).toHaveCount(7);
    await expect(page.getByTestId('today-line')).toHaveCount(1);
    await settledScreenshot(page, `roadmap-${range.toLowerCase().replace('_', '-')}-${preset.toLowerCase()}`);
  });
}

test('settings are kept after a reload', async ({ page }) => {
  await openRoadmap(page, 'timeframe_range_type=THREE_YEARS');
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Roadmap settings' });
  await expect(drawer).toBeVisible();
  await drawer.getByText('Show closed epics').click();
  await expect(drawer.getByRole('radio', { name: 'Show closed epics' })).toBeChecked();
  await drawer.getByText('Use issue count').click();
  await expect(drawer.getByRole('radio', { name: 'Use issue count' })).toBeChecked();
  await expect(page).toHaveURL(/state=closed/);
  await expect(page).toHaveURL(/progress=COUNT/);
  await page.keyboard.press('Escape');

  // Without the parameters in the address the stored settings (localStorage) still apply.
  await page.goto(roadmap);
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(drawer.getByRole('radio', { name: 'Show closed epics' })).toBeChecked();
  await expect(drawer.getByRole('radio', { name: 'Use issue count' })).toBeChecked();
});

test('expanding an epic shows its children', async ({ page }) => {
  await openRoadmap(page, 'timeframe_range_type=THREE_YEARS&layout=MONTHS&state=all');
  const expand = page.getByRole('button', { name: /^Expand / }).first();
  await expand.click();
  await expect(page.locator('[data-testid=roadmap-row][data-level="1"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Collapse / }).first()).toBeVisible();
});

test('clicking a label filters the roadmap by it', async ({ page }) => {
  await openRoadmap(page, 'timeframe_range_type=THREE_YEARS&layout=MONTHS&state=all&show_labels=true');
  const labelButton = page.getByRole('button', { name: /^Filter by label / }).first();
  const name = (await labelButton.getAttribute('aria-label'))?.replace('Filter by label ', '') ?? '';
  expect(name).not.toBe('');
  await labelButton.click();
  await expect(page).toHaveURL(new RegExp(`label_name%5B%5D=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`));
  const rows = page.getByTestId('roadmap-row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    await expect(rows.nth(i).getByRole('button', { name: `Filter by label ${name}` })).toHaveCount(1);
  }
});

async function editableBar(page: Page) {
  const first = page.locator('[data-testid=roadmap-bar][data-editable=true]').first();
  await expect(first).toBeVisible();
  const id = await first.getAttribute('data-epic-id');
  const bar = page.locator(`[data-testid=roadmap-bar][data-epic-id="${id}"]`);
  const href = (await bar.getAttribute('href')) ?? '';
  const match = /^\/groups\/(.+)\/-\/epics\/(\d+)$/.exec(href);
  expect(match).not.toBeNull();
  return {
    bar,
    href,
    api: `/api/v4/groups/${encodeURIComponent(match?.[1] ?? '')}/epics/${match?.[2]}`,
    start: (await bar.getAttribute('data-start-date')) ?? '',
    due: (await bar.getAttribute('data-due-date')) ?? '',
  };
}

test('dragging a bar one month moves the epic', async ({ page }) => {
  await openRoadmap(page, 'timeframe_range_type=THREE_YEARS&layout=MONTHS&state=all');
  const { bar, href, api, start, due } = await editableBar(page);
  await bar.scrollIntoViewIfNeeded();
  const cell = await page.getByTestId('roadmap-header-item').first().boundingBox();
  const box = await bar.boundingBox();
  if (!cell || !box) throw new Error('no geometry');
  const y = box.y + box.height / 2;
  const x = box.x + Math.min(box.width / 2, 40);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + cell.width / 2, y, { steps: 4 });
  await page.mouse.move(x + cell.width, y, { steps: 4 });
  await page.mouse.up();
  const expected = { start: addMonths(start, 1), due: addMonths(due, 1) };
  await expect
    .poll(async () => {
      const epic = await (await page.request.get(api)).json();
      return [epic.start_date, epic.due_date ?? epic.end_date];
    })
    .toEqual([expected.start, expected.due]);
  await page.goto(href);
  await expect(page.getByText(formatDate(expected.start)).first()).toBeVisible();
  await expect(page.getByText(formatDate(expected.due)).first()).toBeVisible();
});

test('a focused bar moves and resizes with the keyboard', async ({ page }) => {
  await openRoadmap(page, 'timeframe_range_type=THREE_YEARS&layout=MONTHS&state=all');
  const { bar, api, start, due } = await editableBar(page);
  await bar.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await (await page.request.get(api)).json()).start_date).toBe(addMonths(start, 1));
  await expect(bar).toHaveAttribute('data-start-date', addMonths(start, 1));
  await bar.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(bar).toHaveAttribute('data-due-date', addMonths(addMonths(due, 1), 1));
  await expect
    .poll(async () => {
      const epic = await (await page.request.get(api)).json();
      return epic.due_date ?? epic.end_date;
    })
    .toBe(addMonths(addMonths(due, 1), 1));
});

test('after the first page every other epic loads at once, in windows, without scrolling', async ({ page }) => {
  // Slow the windows down so that 'Loading epics' can be seen.
  const windows: string[] = [];
  await page.route('**/api/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('roadmapGroupEpicWindow')) {
      windows.push(body);
      await new Promise((r) => setTimeout(r, 800));
    }
    await route.continue();
  });
  const rows = await openAllYearsRoadmap(page);
  await expect(page.getByTestId('roadmap-loading-more')).toContainText('Loading epics');
  await rows.expectMore();
  await expect(page.getByTestId('roadmap-loading-more')).toHaveCount(0);
  expect(windows.length).toBeGreaterThan(0);
  expect(windows[0]).toContain('"offset":50');
});

test('on a server without windows, scrolling to the end loads the next page of epics', async ({ page }) => {
  await page.route('**/api/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('roadmapGroupEpicWindow')) {
      await route.fulfill({
        json: { errors: [{ message: "Field 'roadmapEpics' doesn't exist on type 'Group'" }] },
      });
      return;
    }
    if (body.includes('roadmapGroupEpics') && /"after":"[^"]+"/.test(body))
      await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const rows = await openAllYearsRoadmap(page);
  await expect(page.getByTestId('roadmap-bottom-shadow')).toBeVisible();
  await rows.scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(page.getByTestId('roadmap-loading-more')).toContainText('Loading epics');
  await rows.expectMore();
});

test('dependency lines join blockers to the epics they block', async ({ page }) => {
  await openRoadmap(page, 'timeframe_range_type=CURRENT_QUARTER&state=all');
  // Expand epics until a blocker that is a child epic is on the roadmap too (then a line joins it).
  const lines = page.getByTestId('dependency-line');
  for (let round = 0; round < 3 && (await lines.count()) === 0; round++) {
    const expand = page.getByRole('button', { name: /^Expand / });
    const count = await expand.count();
    for (let i = 0; i < count && (await lines.count()) === 0; i++) {
      await expand.first().click();
      await page.waitForLoadState('networkidle');
    }
  }
  await expect.poll(async () => page.getByTestId('dependency-line').count()).toBeGreaterThan(0);
  const line = page.getByTestId('dependency-line').first();
  await expect(line).toHaveAttribute('data-late', /true|false/);
});

test('the bar offers the roadmap tokens and a search replaces the history entry (RF §2, §5)', async ({ page }) => {
  await openRoadmap(page, 'timeframe_range_type=THREE_YEARS&layout=QUARTERS&state=all');
  const input = page.getByRole('combobox', { name: 'Search or filter results' });
  await input.click();
  await expect(page.getByRole('listbox', { name: 'Filter keys' }).getByRole('option')).toHaveText([
    'Author',
    'Label',
    'Milestone',
    'Confidential',
    'Epic',
    'My-Reaction',
  ]);
  const before = await page.evaluate(() => history.length);
  await input.fill('zzz-no-such-epic');
  await input.press('Enter');
  await expect(page).toHaveURL(/search=zzz-no-such-epic/);
  await expect(page.getByText('Sorry, no epics matched your search')).toBeVisible();
  expect(await page.evaluate(() => history.length)).toBe(before);
});

test('an epic token filters to that epic and adds include_subepics', async ({ page }) => {
  await openRoadmap(page, 'timeframe_range_type=THREE_YEARS&layout=QUARTERS&state=all');
  const bar = page.getByTestId('roadmap-bar').first();
  const href = (await bar.getAttribute('href')) ?? '';
  const iid = /\/epics\/(\d+)$/.exec(href)?.[1] ?? '';
  expect(iid).not.toBe('');
  await page.goto(`${roadmap}?timeframe_range_type=THREE_YEARS&layout=QUARTERS&state=all&epic_iid=${iid}`);
  await expect(page).toHaveURL(/include_subepics=%E2%9C%93/);
  await expect(page.getByTestId('filtered-search-token')).toHaveCount(1);
  await expect(page.locator(`[data-testid=roadmap-bar][href$="/epics/${iid}"]`).first()).toBeVisible();
});

test.describe('virtualization budget', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('the DOM holds at most twice the visible rows, with no blank rows while scrolling', async ({ page }) => {
    await openRoadmap(page, 'timeframe_range_type=THREE_YEARS&layout=QUARTERS&state=all&show_milestones=false');
    const scroller = page.getByTestId('roadmap-scroller');
    for (let step = 0; step < 12; step++) {
      const m = await scroller.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const header = el.querySelector('[data-testid=roadmap-header-item]')?.getBoundingClientRect();
        const top = Math.max(box.top, header?.bottom ?? box.top);
        const rows = Array.from(el.querySelectorAll('[data-testid=roadmap-row]'), (r) => r.getBoundingClientRect());
        const visible = rows.filter((r) => r.bottom > top + 1 && r.top < box.bottom - 1);
        // Every pixel row of the visible rows area must be covered by a rendered row (no blank gap).
        const rowsArea = el.querySelector('[data-testid=roadmap-row]')?.parentElement?.getBoundingClientRect();
        const from = Math.max(top, rowsArea?.top ?? top);
        const to = Math.min(box.bottom, rowsArea?.bottom ?? box.bottom);
        let gaps = 0;
        for (let y = from + 1; y < to - 1; y += 8) if (!rows.some((r) => r.top <= y && r.bottom >= y)) gaps++;
        el.scrollTop += el.clientHeight * 0.6;
        return { total: rows.length, visible: visible.length, gaps };
      });
      expect(m.visible).toBeGreaterThan(0);
      expect(m.total).toBeLessThanOrEqual(2 * m.visible);
      expect(m.gaps).toBe(0);
      // The scroll above re-renders the virtual rows on the next frame: measure after it.
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
  });
});

test('milestone and confidential tokens filter the roadmap (screenshot)', async ({ page, playwright, baseURL }) => {
  // A milestone whose issues belong to epics on the roadmap: asked anonymously of GraphQL (GET needs no CSRF).
  const api = await playwright.request.newContext({ baseURL });
  const ask = async (query: string, variables: Record<string, unknown>) => {
    const params = { query, variables: JSON.stringify(variables) };
    const answer = await (await api.get('/api/graphql', { params })).json();
    expect(answer.errors).toBeUndefined();
    return answer.data;
  };
  const milestones = (await (await api.get('/api/v4/groups/acme/milestones?per_page=50')).json()) as {
    title: string;
  }[];
  let title = '';
  for (const { title: candidate } of milestones) {
    const found = await ask(
      'query($p: ID!, $t: String) { group(fullPath: $p) { epics(milestoneTitle: $t, confidential: false, state: all, first: 3) { nodes { id } } } }',
      { p: 'acme', t: candidate },
    );
    if ((found.group.epics.nodes as unknown[]).length >= 2) {
      title = candidate;
      break;
    }
  }
  await api.dispose();
  expect(title).not.toBe('');
  await openRoadmap(
    page,
    `timeframe_range_type=THREE_YEARS&layout=QUARTERS&state=all&milestone_title=${encodeURIComponent(title)}&confidential=no`,
  );
  const tokens = page.getByTestId('filtered-search-token');
  await expect(tokens).toHaveCount(2);
  await expect(tokens.nth(0)).toContainText(title);
  await expect(tokens.nth(1)).toContainText(/Confidential.*no/i);
  await settledScreenshot(page, 'roadmap-tokens');
});
