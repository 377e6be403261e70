import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import tar from 'tar-stream';
import { issueLine, personLine, projectLine } from '../../apps/server/src/test/archive-lines';
import { signedInPage } from './auth';
import { settledScreenshot } from './screenshots';

/**
 * Issue 32, GitLab 17's user contribution mapping: alice imports a group whose author has no account
 * here (a placeholder holds the issue), asks frank from the Placeholders tab to take the
 * contributions over, frank approves on his review page, and the issue's author is frank.
 */
const at = '2026-01-01T00:00:00.000Z';

/*
 * The group export format (apps/server/src/modules/group-transfer/archive-format.ts, which the module
 * faces keep the specs from importing): a manifest and one NDJSON file per kind, in this order.
 */
const ARCHIVE_FORMAT_VERSION = 1;
const ARCHIVE_KINDS = (
  'users groups projects members labels milestones iterations_cadences iterations issues ' +
  'work_item_parent_links timelogs epics epic_issues issue_links notes award_emoji'
).split(' ');
type ArchiveKind = string;
const MANIFEST_FILE = 'manifest.json';
const kindFile = (kind: ArchiveKind) => `tree/${kind}.ndjson`;
const suffix = Date.now().toString(36);
const groupPath = `placeholders-${suffix}`;
const sourceName = `Grace Hopper ${suffix}`;
const otherName = `Alan Kay ${suffix}`;

const GROUP = {
  full_path: 'acme',
  path: 'acme',
  name: 'Acme',
  description: '',
  visibility_level: 0,
  parent_path: null,
  created_at: at,
  updated_at: at,
};

/** A group export archive as the exporter packs it (the server's test builder, without its imports). */
async function archiveOf(lines: Partial<Record<ArchiveKind, string[]>>): Promise<Buffer> {
  const bodies = Object.fromEntries(
    ARCHIVE_KINDS.map((kind) => [kind, (lines[kind] ?? []).map((l) => `${l}\n`).join('')]),
  ) as Record<ArchiveKind, string>;
  const manifest = {
    format_version: ARCHIVE_FORMAT_VERSION,
    meridian_version: '0.1.0',
    source_url: 'https://source.example',
    group_full_path: 'acme',
    exported_at: at,
    files: Object.fromEntries(
      ARCHIVE_KINDS.map((kind) => [
        kind,
        {
          count: (lines[kind] ?? []).length,
          bytes: Buffer.byteLength(bodies[kind] ?? ''),
          sha256: createHash('sha256')
            .update(bodies[kind] ?? '')
            .digest('hex'),
        },
      ]),
    ),
  };
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk) => {
    chunks.push(chunk as Buffer);
  });
  const done = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  pack.entry({ name: MANIFEST_FILE }, JSON.stringify(manifest));
  for (const kind of ARCHIVE_KINDS) pack.entry({ name: kindFile(kind) }, bodies[kind] ?? '');
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get('/-/session')).json()) as { csrf_token: string }).csrf_token;
}

async function importGroup(page: Page): Promise<number> {
  const file = await archiveOf({
    users: [personLine(`grace${suffix}`, sourceName), personLine(`alan${suffix}`, otherName)],
    groups: [JSON.stringify(GROUP)],
    projects: [projectLine()],
    issues: [
      issueLine(1, 'Compile the first compiler', `grace${suffix}`),
      issueLine(2, 'Design Smalltalk', `alan${suffix}`),
    ],
  });
  const res = await page.request.post('/api/v4/groups/import', {
    headers: { 'x-csrf-token': await csrf(page) },
    multipart: {
      name: 'Imported people',
      path: groupPath,
      file: { name: 'a.tar.gz', mimeType: 'application/gzip', buffer: file },
    },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { id, import_job: job } = (await res.json()) as { id: number; import_job: { id: number } };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v4/groups/${id}/import_jobs/${job.id}`)).json()) as { state: string })
          .state,
      {
        timeout: 30_000,
      },
    )
    .toBe('finished');
  return id;
}

async function sourceUserId(page: Page): Promise<number> {
  const res = await page.request.post('/api/graphql', {
    headers: { 'x-csrf-token': await csrf(page) },
    data: {
      query: `query($p: ID!, $s: String) { namespace(fullPath: $p) { importSourceUsers(search: $s) { nodes { id } } } }`,
      variables: { p: groupPath, s: `grace${suffix}` },
    },
  });
  const body = (await res.json()) as { data: { namespace: { importSourceUsers: { nodes: Array<{ id: string }> } } } };
  return Number(body.data.namespace.importSourceUsers.nodes[0]?.id.split('/').pop());
}

test('an owner reassigns a placeholder, the user approves, and the issue is theirs', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await signedInPage(browser, 'alice');
  await alice.setViewportSize({ width: 1280, height: 900 });
  await importGroup(alice);

  await alice.goto(`/groups/${groupPath}/-/group_members`);
  await alice.getByRole('navigation', { name: 'Members tabs' }).getByRole('link', { name: 'Placeholders' }).click();
  await expect(alice).toHaveURL(/\?tab=placeholders$/);
  const row = alice.getByRole('row', { name: new RegExp(sourceName) });
  await expect(row.getByText('Not started')).toBeVisible();
  await settledScreenshot(alice, 'placeholders-tab');
  const picker = row.getByRole('combobox', { name: `Reassign ${sourceName} to` });
  await picker.fill('frank');
  await expect(row.getByRole('button', { name: 'Reassign', exact: true })).toBeEnabled({ timeout: 10_000 });
  await row.getByRole('button', { name: 'Reassign', exact: true }).click();
  await expect(row.getByText('Pending approval')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Notify again' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel reassignment' })).toBeVisible();
  await settledScreenshot(alice, 'placeholders-awaiting-approval');

  const id = await sourceUserId(alice);
  const frank = await signedInPage(browser, 'frank');
  await frank.setViewportSize({ width: 1280, height: 900 });
  await frank.goto(`/import/source_users/${id}`);
  await expect(frank.getByRole('heading', { name: 'Review reassignment details' })).toBeVisible();
  await expect(frank.getByText(`${sourceName} (@grace${suffix})`)).toBeVisible();
  await settledScreenshot(frank, 'placeholders-review');
  await frank.getByRole('button', { name: 'Approve reassignment' }).click();
  await expect(frank.getByText('Reassignment approved')).toBeVisible();
  await settledScreenshot(frank, 'placeholders-approved');

  // The import worker moves the contributions; the tab shows Success and the issue's author is frank.
  await expect(async () => {
    await alice.reload();
    await expect(alice.getByRole('row', { name: new RegExp(sourceName) }).getByText('Success')).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await settledScreenshot(alice, 'placeholders-completed');
  await alice.goto(`/${groupPath}/web/-/issues/1`);
  await expect(alice.getByRole('heading', { level: 1, name: 'Compile the first compiler' })).toBeVisible();
  await expect(alice.getByText('Frank Fischer', { exact: true }).first()).toBeVisible();
  const api = await alice.request.get(`/api/v4/projects/${encodeURIComponent(`${groupPath}/web`)}/issues/1`);
  expect(((await api.json()) as { author: { username: string } }).author.username).toBe('frank');
  await settledScreenshot(alice, 'placeholders-issue-author');

  // The owner keeps the one left (Alan) as a placeholder, all at once, after confirming.
  await alice.goto(`/groups/${groupPath}/-/group_members?tab=placeholders`);
  await alice.getByRole('button', { name: 'Keep all as placeholders' }).click();
  await expect(alice.getByText('Keep the placeholder user not reassigned yet?', { exact: false })).toBeVisible();
  await alice.getByRole('button', { name: 'Keep all', exact: true }).click();
  await expect(alice.getByText('1 placeholder user kept.')).toBeVisible();
  const alan = alice.getByRole('row', { name: new RegExp(otherName) });
  await expect(alan.getByText('Kept as placeholder').first()).toBeVisible();
  await expect(alice.getByRole('row', { name: new RegExp(sourceName) }).getByText('Success')).toBeVisible();
  await settledScreenshot(alice, 'placeholders-kept-all');
  // Undo puts Alan back among those to reassign.
  await alan.getByRole('button', { name: 'Undo' }).click();
  await expect(alan.getByText('Not started')).toBeVisible();
});
