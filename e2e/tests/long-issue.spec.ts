import { expect, type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { seriousViolations } from './axe';
import { useIssueProject } from './issue-project';
import { settledScreenshot } from './screenshots';

/**
 * A long-lived issue (issue 12, "Speed"): 180 comments and 10 threads with two replies each (210
 * notes, 190 discussions: ten pages of 20). The first page shows at once, the next ones load as the
 * timeline is scrolled, only the rows near the viewport are in the document, and a link to a note
 * pages away scrolls to it.
 */
const COMMENTS = 180;
/** A thread (with two replies) before every 18th comment. */
const THREAD_EVERY = 18;
const noteIds: number[] = [];
const project = useIssueProject('long-issue', ['Dependency Dashboard'], async ({ api, projectId }) => {
  const notes = `/projects/${projectId}/issues/1`;
  // alice owns the group, so created_at is honoured: one note a minute, in order.
  const start = Date.now() - 2 * 86_400_000;
  let minute = 0;
  const at = () => new Date(start + minute++ * 60_000).toISOString();
  for (let i = 1; i <= COMMENTS; i += 1) {
    if (i % THREAD_EVERY === 0) {
      const n = i / THREAD_EVERY;
      const thread = await api('POST', `${notes}/discussions`, { body: `Thread ${n}`, created_at: at() });
      for (const reply of [1, 2]) {
        await api('POST', `${notes}/discussions/${thread.id}/notes`, {
          body: `Reply ${reply} in thread ${n}`,
          created_at: at(),
        });
      }
    }
    const note = await api('POST', `${notes}/notes`, { body: `Long comment ${i}`, created_at: at() });
    noteIds.push(note.id as number);
  }
});

test.use({ storageState: authFile('alice') });

const activity = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Activity' }) });

/** The discussions pages the page asks for, as `page/per_page`. */
function discussionsRequests(page: Page): string[] {
  const pages: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/discussions') && request.method() === 'GET')
      pages.push(`${url.searchParams.get('page')}/${url.searchParams.get('per_page')}`);
  });
  return pages;
}

test('the first notes show at once; the next pages load as the timeline is scrolled; far rows are not in the document', async ({
  page,
}) => {
  const pages = discussionsRequests(page);
  await page.goto(project.issueUrl(1));
  await expect(page.getByText('Long comment 1', { exact: true })).toBeVisible();
  // Only the first page: the rest wait for the reader to scroll.
  await page.waitForLoadState('networkidle');
  expect(pages).toEqual(['1/20']);
  await expect(activity(page).getByText('Loading more activity')).toBeVisible();

  // Scroll down step by step until the last comment is there.
  const last = page.getByText(`Long comment ${COMMENTS}`, { exact: true });
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 4000);
        return last.isVisible();
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
  // Page after page, 20 each (a change seen by the page's polling may refetch what is loaded).
  expect([...new Set(pages)]).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}/20`));
  await expect(activity(page).getByText('Loading more activity')).toHaveCount(0);
  // Virtualized: the first comments have left the document, and far fewer rows than discussions are in it.
  await expect(page.getByText('Long comment 1', { exact: true })).toHaveCount(0);
  const rows = await activity(page).locator('ol > li').count();
  expect(rows).toBeGreaterThan(5);
  expect(rows).toBeLessThan(60);
  await settledScreenshot(page, 'long-issue-scrolled');

  // And back to the top: the first comment renders again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await activity(page).scrollIntoViewIfNeeded();
  await expect(page.getByText('Long comment 1', { exact: true })).toBeVisible();
});

test('a link to a note pages away loads the pages up to it and scrolls to it', async ({ page }) => {
  const pages = discussionsRequests(page);
  const target = noteIds[169]!;
  await page.goto(`${project.issueUrl(1)}#note_${target}`);
  const note = page.locator(`#note_${target}`);
  await expect(note).toBeInViewport();
  await expect(note).toContainText('Long comment 170');
  // Marked as the linked note (GitLab highlights it), and only it.
  const background = (locator: typeof note) =>
    locator
      .locator(':scope > div')
      .last()
      .evaluate((card) => getComputedStyle(card).backgroundColor);
  await expect.poll(() => background(note)).toBe('rgb(233, 243, 252)');
  expect(await background(page.locator(`#note_${noteIds[170]!}`))).not.toBe('rgb(233, 243, 252)');
  // At the top of the window, below the top bar and the issue's sticky title bar, not under them,
  // and held there while the rows around it are measured (their real heights replace estimates).
  const sticky = await page.getByTestId('sticky-header').boundingBox();
  const barsBottom = sticky!.y + sticky!.height;
  const offset = async () => (await note.boundingBox())!.y - barsBottom;
  await expect.poll(offset).toBeGreaterThanOrEqual(0);
  expect(await offset()).toBeLessThan(80);
  // The pages up to the note, 100 at a time once the offset allows it.
  expect(pages.slice(0, 2)).toEqual(['1/20', '2/20']);
  expect(pages).toContain('2/100');
  // A change made elsewhere (a reaction by API) refetches every loaded page: the same pages, 100 at a
  // time where they were, so no row is lost and the note stays where it is. (The page's first poll
  // refetches too; on a loaded machine it came after the pages of 100 and lost 70 rows.)
  const beforeChange = pages.length;
  await project.api('POST', `/projects/${project.projectId}/issues/1/award_emoji`, { name: 'thumbsup' });
  await expect.poll(() => pages.slice(beforeChange), { timeout: 20_000 }).toContain('2/100');
  expect(pages.slice(beforeChange)).not.toContain('6/20');
  await page.waitForLoadState('networkidle');
  await expect(note).toBeInViewport();
  expect(await offset()).toBeGreaterThanOrEqual(0);
  expect(await offset()).toBeLessThan(80);
  await settledScreenshot(page, 'long-issue-deep-link');
  expect(await seriousViolations(page), 'the long issue (axe)').toEqual([]);
});

test('a reply being written stays while its thread is scrolled far away and back', async ({ page }) => {
  await page.goto(project.issueUrl(1));
  const thread = activity(page)
    .locator('ol > li')
    .filter({ hasText: /Reply 2 in thread 1(?!\d)/ });
  // The thread is the 19th discussion: rendered once scrolled near.
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 500);
        return thread.count();
      },
      { intervals: [100] },
    )
    .toBe(1);
  await thread.scrollIntoViewIfNeeded();
  await thread.getByRole('button', { name: 'Reply…' }).click();
  const field = thread.getByRole('textbox').first();
  await field.fill('Still here after scrolling');
  // Far down (less than a window at a time, so comment 60 cannot be skipped over).
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 600);
        return page.getByText('Long comment 60', { exact: true }).isVisible();
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(true);
  // The rows around the thread have left the document; the thread with its open form has not.
  await expect(page.getByText('Long comment 15', { exact: true })).toHaveCount(0);
  await expect(thread).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await thread.scrollIntoViewIfNeeded();
  await expect(thread.getByRole('textbox').first()).toHaveValue('Still here after scrolling');
});

test('newest first loads every page and shows the newest comment on top', async ({ page }) => {
  await page.goto(project.issueUrl(1));
  await activity(page).getByRole('combobox', { name: 'Sort order' }).selectOption('desc');
  const items = activity(page).locator('ol > li');
  await expect(items.first()).toContainText(`Long comment ${COMMENTS}`);
  await activity(page).getByRole('combobox', { name: 'Sort order' }).selectOption('asc');
  await expect(items.first()).toContainText('Long comment 1');
});
