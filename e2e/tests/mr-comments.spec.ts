import { expect, type Page, test } from '@playwright/test';
import { signedInPage } from './auth';
import { seriousViolations } from './axe';
import { settledScreenshot } from './screenshots';
import { sessionApi } from './session-api';

/**
 * Merge request comments (issue 12): the merge request page's activity is the shared notes UI —
 * frank (not a member) starts a thread on alice's merge request; he may not resolve it; alice (its
 * author, Owner) resolves it, the thread shows resolved, and she unresolves it again.
 */
const noteCard = (page: Page, text: string) => page.locator('[id^="note_"]').filter({ hasText: text }).last();

test('comments and threads on a merge request; Resolve thread and Unresolve thread', async ({ browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const alice = await signedInPage(browser, 'alice');
  await alice.setViewportSize({ width: 1280, height: 1000 });
  await alice.goto('/');
  const api = await sessionApi(alice);
  const group = await api('POST', '/groups', {
    name: `Reviews ${stamp}`,
    path: `reviews-${stamp}`,
    visibility: 'public',
  });
  const project = await api('POST', '/projects', {
    name: 'app',
    path: 'app',
    namespace_id: group.id,
    visibility: 'public',
  });
  const mr = await api('POST', `/projects/${project.id}/merge_requests`, {
    title: `Speed up the build ${stamp}`,
    source_branch: 'faster-build',
    target_branch: 'main',
  });
  const mrUrl = `/reviews-${stamp}/app/-/merge_requests/${mr.iid}`;

  // frank starts a thread from the comment box.
  const frank = await signedInPage(browser, 'frank');
  await frank.setViewportSize({ width: 1280, height: 1000 });
  await frank.goto(mrUrl);
  await expect(frank.getByRole('heading', { name: `Speed up the build ${stamp}` })).toBeVisible();
  await frank.getByRole('button', { name: 'Write a comment or drag your files here…' }).click();
  const field = frank.getByRole('textbox', { name: 'Comment', exact: true });
  await expect(field).toBeFocused();
  await frank.getByRole('button', { name: 'Comment type' }).click();
  await frank.getByRole('menuitemradio', { name: /Start thread/ }).click();
  await field.fill('Could the cache key include the **lockfile**?');
  await frank.getByRole('button', { name: 'Start thread', exact: true }).click();
  await expect(noteCard(frank, 'Could the cache key include').locator('strong', { hasText: 'lockfile' })).toBeVisible();
  // A plain comment too, and a reaction on it.
  const again = frank.getByRole('textbox', { name: 'Comment', exact: true });
  if (!(await again.isVisible()))
    await frank.getByRole('button', { name: 'Write a comment or drag your files here…' }).click();
  await again.fill('Nice work overall.');
  await frank.getByRole('button', { name: 'Comment type' }).click();
  await frank.getByRole('menuitemradio', { name: /^Comment/ }).click();
  await frank.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(noteCard(frank, 'Nice work overall.')).toBeVisible();
  // frank may reply but not resolve.
  await expect(frank.getByRole('button', { name: 'Reply…' })).toBeVisible();
  await expect(frank.getByRole('button', { name: 'Resolve thread' })).toHaveCount(0);

  // alice, the author, replies and resolves.
  await alice.goto(mrUrl);
  await expect(noteCard(alice, 'Could the cache key include')).toBeVisible();
  await alice.getByRole('button', { name: 'Reply…' }).click();
  const reply = alice.getByRole('textbox', { name: 'Reply', exact: true });
  await reply.fill('Done in the latest push.');
  await alice.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(noteCard(alice, 'Done in the latest push.')).toBeVisible();
  await alice.getByRole('button', { name: 'Resolve thread' }).click();
  await expect(alice.getByRole('status').filter({ hasText: 'Thread resolved by' })).toBeVisible();
  await expect(alice.getByRole('button', { name: 'Unresolve thread' })).toBeVisible();
  expect(await seriousViolations(alice), 'the merge request activity (axe)').toEqual([]);
  await noteCard(alice, 'Could the cache key include').scrollIntoViewIfNeeded();
  await settledScreenshot(alice, 'mr-comments-resolved');

  const discussions = (await api(
    'GET',
    `/projects/${project.id}/merge_requests/${mr.iid}/discussions`,
  )) as unknown as Array<{
    notes: Array<{ body: string; resolved?: boolean }>;
  }>;
  const thread = discussions.find((d) => d.notes[0]?.body.startsWith('Could the cache key'));
  expect(thread?.notes.map((n) => n.resolved)).toEqual([true, true]);

  // frank sees it resolved, without the button.
  await frank.reload();
  await expect(frank.getByRole('status').filter({ hasText: 'Thread resolved by' })).toBeVisible();
  await expect(frank.getByRole('button', { name: 'Unresolve thread' })).toHaveCount(0);

  await alice.getByRole('button', { name: 'Unresolve thread' }).click();
  await expect(alice.getByRole('button', { name: 'Resolve thread' })).toBeVisible();
  await expect(alice.getByRole('status').filter({ hasText: 'Thread resolved by' })).toHaveCount(0);
});
