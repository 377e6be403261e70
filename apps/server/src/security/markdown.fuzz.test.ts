import { fuzzRuns, quick } from '@meridian/domain/test/fuzz';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../markdown/render-markdown';
import { redactReferences } from '../modules/markdown';
import { AccessLevel } from '../policy/access-levels';
import type { Actor } from '../policy/actor';
import { loadActor } from '../policy/load-actor';
import { createUsersWithTokens } from '../test/api-client';
import { addGroupMember, createGroup, createProject } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { outsideAllowList, resanitized } from '../test/html-allow-list';
import { HOSTILE_TITLES, markdownDocument } from '../test/markdown-arbitraries';

/**
 * Issue 25's standing fuzz suite for Markdown: at least 10,000 generated documents through the
 * whole path a reader's HTML takes — render (stored on write), redact for each of three readers
 * (a member, a signed-in outsider, anonymous: references to items with hostile titles, some
 * confidential), present (one document in every batch also through `POST /markdown` with quick
 * actions). Properties: nothing crashes, no element or attribute outside the sanitizer's
 * allow-list, the HTML is stable under sanitizing again, and each render takes under a second
 * (`quick`: slow twice in a row, so a pause of a shared machine is not a failure). A failure prints
 * fast-check's seed: `FUZZ_SEED=<n>` replays it.
 */
const BATCHES = 200;
const BATCH_SIZE = 50;
const CONTEXT = { projectPath: 'fz/web', groupPath: 'fz' };

let t: TestApp;
let readers: Array<Actor | null>;
let memberToken = '';

beforeAll(async () => {
  t = await createTestApp();
  const { tok, uid } = await createUsersWithTokens(t.db, ['member', 'outsider'], { prefix: 'fz_' });
  memberToken = tok.member as string;
  const group = await createGroup(t.db, { path: 'fz', visibility: 20 });
  const project = await createProject(t.db, { namespaceId: group.id, path: 'web', visibility: 20 });
  await addGroupMember(t.db, group.id, uid.member as number, AccessLevel.DEVELOPER);
  const author = uid.member as number;
  const titles = (n: number) => HOSTILE_TITLES[n % HOSTILE_TITLES.length] as string;
  const milestones = await t.db
    .insertInto('milestones')
    .values([1, 2].map((n) => ({ project_id: project.id, iid: n, title: titles(n + 3) })))
    .returning('id')
    .execute();
  const issues = await t.db
    .insertInto('issues')
    .values(
      [1, 2, 3, 4, 5, 6].map((n) => ({
        project_id: project.id,
        iid: n,
        title: titles(n),
        author_id: author,
        confidential: n % 3 === 0,
        milestone_id: milestones[n % 2]?.id ?? null,
        health_status: n % 2 ? 'at_risk' : null,
      })),
    )
    .returning('id')
    .execute();
  await t.db
    .insertInto('issue_assignees')
    .values(issues.map((i) => ({ issue_id: i.id, user_id: author })))
    .execute();
  await t.db
    .insertInto('merge_requests')
    .values(
      [1, 2, 3].map((n) => ({
        project_id: project.id,
        iid: n,
        title: titles(n + 1),
        source_branch: `b${n}`,
        target_branch: 'main',
      })),
    )
    .execute();
  await t.db
    .insertInto('epics')
    .values(
      [1, 2, 3].map((n) => ({
        group_id: group.id,
        iid: n,
        title: titles(n + 2),
        author_id: author,
        confidential: n === 2,
      })),
    )
    .execute();
  const user = (name: string) => ({ id: uid[name] as number, username: `fz_${name}`, admin: false });
  readers = [await loadActor(t.db, user('member'), null), await loadActor(t.db, user('outsider'), null), null];
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** What every reader's HTML must be: inside the allow-list and unchanged by another sanitizing pass. */
function expectClean(html: string, doc: string) {
  const outside = outsideAllowList(html);
  if (outside.length > 0) expect.fail(`${JSON.stringify(doc)} gave ${outside.join(', ')} in ${html}`);
  const { printed, again } = resanitized(html);
  if (again !== printed) expect.fail(`${JSON.stringify(doc)} is not stable under sanitizing:\n${printed}\n${again}`);
}

describe('Markdown fuzz: render → redact → present', () => {
  it(`${BATCHES * BATCH_SIZE} generated documents stay inside the allow-list for every reader`, async () => {
    let documents = 0;
    let slowest = 0;
    let previews = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(markdownDocument, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }), async (docs) => {
        const rendered = docs.map((doc) => {
          const started = performance.now();
          const html = quick(() => renderMarkdown(doc, CONTEXT));
          slowest = Math.max(slowest, performance.now() - started);
          return html;
        });
        rendered.forEach((html, i) => {
          expectClean(html, docs[i] as string);
        });
        for (const reader of readers) {
          const shown = await redactReferences(t.db, reader, rendered);
          shown.forEach((html, i) => {
            expectClean(html, docs[i] as string);
          });
        }
        const preview = await t.app.inject({
          method: 'POST',
          url: '/api/v4/markdown',
          headers: { 'private-token': memberToken },
          payload: { text: docs[0] ?? '', project: 'fz/web', render_quick_actions: true },
        });
        expect(preview.statusCode, preview.body).toBe(201);
        const answer = preview.json() as { html: string; references?: { commands: string } };
        expectClean(answer.html, docs[0] as string);
        if (answer.references) expectClean(answer.references.commands, docs[0] as string);
        previews += 1;
        documents += docs.length;
      }),
      fuzzRuns(BATCHES),
    );
    console.log(
      `markdown fuzz: ${documents} documents × ${readers.length} readers, ${previews} previews; slowest render ${slowest.toFixed(1)} ms`,
    );
    expect(documents).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});
