import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../policy/access-levels';
import { issueLine, personLine, projectLine, timelogLine } from '../../../test/archive-lines';
import { addGroupMember } from '../../../test/factories';
import { dig, type GqlResponse, gql } from '../../../test/graphql-client';
import { archiveOf, entries, GROUP } from '../../../test/group-archive-builder';
import { multipartBody } from '../../../test/multipart-body';
import { useRestTestApp } from '../../../test/rest-test-app';
import { claimImportJob } from '../import-jobs';
import { runClaimedJob } from '../import-runner';
import { importerOf } from '../importers';
import { CSV_HEADERS } from './placeholder-csv';

/**
 * Issue 32, GitLab 17's user contribution mapping: an imported group's placeholders reassigned by its
 * Owner (the CSV API and GraphQL), accepted or rejected by the user asked, and the contributions moved
 * by a job that resumes after a crash — counted through the API before and after.
 */
const t = useRestTestApp({
  prefix: 'sru_',
  users: ['owner', 'maintainer', 'developer', 'reporter', 'planner', 'guest', 'outsider', 'bob', 'other'],
  // Mail on (nothing listens: the outbox keeps the rows the test reads).
  env: { SMTP_URL: 'smtp://127.0.0.1:9', SMTP_POLL_INTERVAL_MS: '3600000' },
});
let groupId = 0;
/** The imported group's members below Owner, by role. */
const BELOW_OWNER = [
  ['guest', AccessLevel.GUEST],
  ['planner', AccessLevel.PLANNER],
  ['reporter', AccessLevel.REPORTER],
  ['developer', AccessLevel.DEVELOPER],
  ['maintainer', AccessLevel.MAINTAINER],
] as const;
const SOURCE = 'http://localhost';

async function importGroup() {
  if (groupId) return groupId;
  const path = await archiveOf(
    entries({
      users: [personLine('ada', 'Ada Lovelace'), personLine('carol', 'Carol Shaw'), personLine('dan', 'Dan Bricklin')],
      groups: [JSON.stringify(GROUP)],
      projects: [projectLine()],
      issues: [
        issueLine(1, 'Issue 1', 'ada', ['ada']),
        issueLine(2, 'Issue 2', 'carol', ['carol']),
        issueLine(3, 'Issue 3', 'dan', ['dan']),
      ],
      timelogs: [timelogLine(1, 'ada')],
    }),
  );
  const body = multipartBody({
    name: 'Acme',
    path: 'sru-acme',
    file: { filename: 'a.tar.gz', data: readFileSync(path) },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v4/groups/import',
    headers: { ...body.headers, 'private-token': t.tok.owner ?? '' },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  expect(await t.app.importWorker?.pollNow()).toEqual(['finished']);
  groupId = res.json().id;
  for (const [who, level] of BELOW_OWNER) await addGroupMember(t.db, groupId, t.uid[who] as number, level);
  return groupId;
}

const sourceUser = (username: string) =>
  t.db.selectFrom('import_source_users').selectAll().where('source_username', '=', username).executeTakeFirstOrThrow();

function uploadCsv(token: string | undefined, csv: string) {
  const body = multipartBody({ file: { filename: 'r.csv', data: Buffer.from(csv) } });
  return t.app.inject({
    method: 'POST',
    url: `/api/v4/groups/${groupId}/placeholder_reassignments`,
    headers: { ...body.headers, ...(token ? { 'private-token': token } : {}) },
    payload: body.payload,
  });
}

const page = (method: 'GET' | 'POST', id: number, who: string, action = '') =>
  t.app.inject({
    method,
    url: `/-/import/source_users/${id}${action}`,
    headers: { 'private-token': t.tok[who] ?? '' },
  });

const emailsTo = (userId: number) =>
  t.db
    .selectFrom('notification_emails')
    .select(['subject', 'text_body'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const issueAuthors = async () => {
  const res = await t.api('GET', `/groups/${groupId}/issues?sort=asc&order_by=created_at&scope=all`, 'owner');
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ iid: number; author: { username: string }; assignees: Array<{ username: string }> }>)
    .map((i) => [i.iid, i.author.username, i.assignees.map((a) => a.username)])
    .sort();
};

const KEEP_ALL = `mutation($ns: NamespaceID!) {
  importSourceUserKeepAllAsPlaceholder(input: { namespaceId: $ns }) { errors updatedImportSourceUserCount }
}`;

/**
 * A refused placeholder mutation, as every one of them answers (mutation-errors.ts): no payload, one
 * message whatever the reason, NOT_FOUND when the caller may not see the group, FORBIDDEN when they may.
 */
function expectRefused(res: GqlResponse, code: 'NOT_FOUND' | 'FORBIDDEN') {
  expect(res.body.data?.importSourceUserKeepAllAsPlaceholder ?? null).toBeNull();
  expect(res.body.errors).toEqual([
    expect.objectContaining({
      message:
        "The resource that you are attempting to access does not exist or you don't have permission to perform this action",
      extensions: { code },
    }),
  ]);
}

describe('placeholder reassignment', () => {
  it('migrated statuses: a person nobody here matches is a placeholder pending reassignment', async () => {
    await importGroup();
    const ada = await sourceUser('ada');
    expect(ada).toMatchObject({
      status: 'pending_reassignment',
      placeholder_user_id: ada.user_id,
      reassign_to_user_id: null,
    });
  });

  it('downloads the CSV of source users for Owners only (401, 404, 403)', async () => {
    await importGroup();
    const url = `/groups/${groupId}/placeholder_reassignments`;
    expect((await t.api('GET', url, undefined)).statusCode).toBe(401);
    expect((await t.api('GET', url, 'outsider')).statusCode).toBe(404);
    expect((await t.api('GET', url, 'maintainer')).statusCode).toBe(403);
    const res = await t.api('GET', url, 'owner');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(CSV_HEADERS.join(','));
    expect(lines.slice(1).sort()).toEqual([
      `${SOURCE},gitlab_migration,ada,Ada Lovelace,ada,,`,
      `${SOURCE},gitlab_migration,carol,Carol Shaw,carol,,`,
      `${SOURCE},gitlab_migration,dan,Dan Bricklin,dan,,`,
    ]);
    expect((await uploadCsv(t.tok.maintainer, res.body)).statusCode).toBe(403);
    expect((await uploadCsv(t.tok.outsider, res.body)).statusCode).toBe(404);
  });

  it('reassigns from the CSV, the assignee accepts, and a crashed job resumes: the contributions move', async () => {
    await importGroup();
    const before = await issueAuthors();
    expect(before.slice(0, 2)).toEqual([
      [1, expect.stringMatching(/^ada_placeholder/), [expect.stringMatching(/^ada_placeholder/)]],
      [2, expect.stringMatching(/^carol_placeholder/), [expect.stringMatching(/^carol_placeholder/)]],
    ]);
    const csv = `${CSV_HEADERS.join(',')}\n${SOURCE},gitlab_migration,ada,Ada Lovelace,ada,sru_bob,\n${SOURCE},gitlab_migration,carol,Carol Shaw,carol,,\n`;
    const up = await uploadCsv(t.tok.owner, csv);
    expect([up.statusCode, up.json()]).toEqual([
      201,
      {
        message: 'The file was processed: 1 reassignments requested, 1 rows left blank, 0 rows refused.',
        reassigned: 1,
        skipped: 1,
        failed: [],
      },
    ]);
    const ada = await sourceUser('ada');
    expect(ada).toMatchObject({
      status: 'awaiting_approval',
      reassign_to_user_id: t.uid.bob,
      reassigned_by_user_id: t.uid.owner,
    });
    expect((await sourceUser('carol')).status).toBe('pending_reassignment');
    const [mail] = await emailsTo(t.uid.bob as number);
    expect(mail?.subject).toBe('Reassignments in sru-acme waiting for review');
    expect(mail?.text_body).toContain(`/import/source_users/${ada.id}`);
    expect(mail?.text_body).toContain('Ada Lovelace (@ada)');

    // Only the user asked sees the request.
    expect((await page('GET', ada.id, 'other')).statusCode).toBe(404);
    expect((await page('POST', ada.id, 'owner', '/accept')).statusCode).toBe(404);
    const review = await page('GET', ada.id, 'bob');
    expect(review.json()).toMatchObject({
      status: 'awaiting_approval',
      source_name: 'Ada Lovelace',
      source_hostname: SOURCE,
      group: { full_path: 'sru-acme' },
      reassigned_by_user: { username: 'sru_owner' },
    });

    const accepted = await page('POST', ada.id, 'bob', '/accept');
    expect(accepted.json().status).toBe('reassignment_in_progress');
    // A second answer is refused: the request is no longer awaiting approval.
    expect((await page('POST', ada.id, 'bob', '/decline')).statusCode).toBe(422);

    // The worker dies after two kinds of contributions; another takes the job once the lease runs out.
    const deps = { db: t.db, config: t.app.ctx.services, workerId: 'dead', importerOf };
    const job = await claimImportJob(t.db, 'dead');
    expect(job?.kind).toBe('source_user_reassignment');
    expect(await runClaimedJob(deps, job as NonNullable<typeof job>, { maxBatches: 2 })).toBe('interrupted');
    expect((await sourceUser('ada')).status).toBe('reassignment_in_progress');
    const mid = await issueAuthors();
    expect(mid[0]?.[1]).toBe('sru_bob');
    const again = await claimImportJob(t.db, 'alive', { leaseSeconds: 0 });
    expect(await runClaimedJob({ ...deps, workerId: 'alive' }, again as NonNullable<typeof again>)).toBe('finished');

    const done = await sourceUser('ada');
    expect(done).toMatchObject({
      status: 'completed',
      user_id: t.uid.bob,
      placeholder_user_id: ada.placeholder_user_id,
    });
    expect((await issueAuthors()).slice(0, 2)).toEqual([
      [1, 'sru_bob', ['sru_bob']],
      [2, expect.stringMatching(/^carol_placeholder/), [expect.stringMatching(/^carol_placeholder/)]],
    ]);
    const time = await t.db.selectFrom('timelogs').select('user_id').execute();
    expect(time.map((r) => r.user_id)).toEqual([t.uid.bob]);
    const placeholder = await t.db
      .selectFrom('users')
      .select(['state', 'placeholder'])
      .where('id', '=', ada.placeholder_user_id as number)
      .executeTakeFirstOrThrow();
    expect(placeholder).toEqual({ state: 'blocked', placeholder: true });
  });

  it('the assignee rejects: the owner who asked hears of it; the owner cancels, keeps as placeholder', async () => {
    await importGroup();
    const carol = await sourceUser('carol');
    const query = `mutation($id: ImportSourceUserID!, $user: UserID!) {
      importSourceUserReassign(input: { id: $id, assigneeUserId: $user }) {
        errors importSourceUser { id status reassignToUser { username } reassignedByUser { username } }
      }
    }`;
    const vars = { id: `gid://gitlab/Import::SourceUser/${carol.id}`, user: `gid://gitlab/User/${t.uid.other}` };
    const byMaintainer = await gql(t.app, query, vars, t.tok.maintainer);
    expect(byMaintainer.body.errors?.[0]?.message).toMatch(/permission|403|Forbidden/i);
    const res = await gql(t.app, query, vars, t.tok.owner);
    expect(res.body.data?.importSourceUserReassign).toEqual({
      errors: [],
      importSourceUser: {
        id: vars.id,
        status: 'AWAITING_APPROVAL',
        reassignToUser: { username: 'sru_other' },
        reassignedByUser: { username: 'sru_owner' },
      },
    });
    // A placeholder cannot be the assignee.
    const toPlaceholder = await gql(
      t.app,
      query,
      { ...vars, user: `gid://gitlab/User/${carol.placeholder_user_id}` },
      t.tok.owner,
    );
    expect(toPlaceholder.body.data?.importSourceUserReassign).toMatchObject({
      errors: ['Only active regular, auditor, or administrator users can be assigned'],
    });

    const ownerMails = (await emailsTo(t.uid.owner as number)).length;
    expect((await page('POST', carol.id, 'other', '/decline')).json().status).toBe('rejected');
    const mails = await emailsTo(t.uid.owner as number);
    expect(mails.length).toBe(ownerMails + 1);
    expect(mails.at(-1)?.subject).toBe('Reassignments in sru-acme rejected');

    const simple = (name: string) => `mutation($id: ImportSourceUserID!) {
      ${name}(input: { id: $id }) { errors importSourceUser { status reassignToUser { username } } }
    }`;
    const cancel = await gql(t.app, simple('importSourceUserCancelReassignment'), { id: vars.id }, t.tok.owner);
    expect(cancel.body.data?.importSourceUserCancelReassignment).toEqual({
      errors: [],
      importSourceUser: { status: 'PENDING_REASSIGNMENT', reassignToUser: null },
    });
    const resend = await gql(t.app, simple('importSourceUserResendNotification'), { id: vars.id }, t.tok.owner);
    expect(resend.body.data?.importSourceUserResendNotification).toMatchObject({
      errors: ['Import source user has an invalid status for this operation'],
    });
    const keep = await gql(t.app, simple('importSourceUserKeepAsPlaceholder'), { id: vars.id }, t.tok.owner);
    expect(keep.body.data?.importSourceUserKeepAsPlaceholder).toMatchObject({
      errors: [],
      importSourceUser: { status: 'KEEP_AS_PLACEHOLDER' },
    });
    const cancelAgain = await gql(t.app, simple('importSourceUserCancelReassignment'), { id: vars.id }, t.tok.owner);
    expect(cancelAgain.body.data?.importSourceUserCancelReassignment).toMatchObject({
      errors: ['Import source user has an invalid status for this operation'],
    });
  });

  it('lists source users on the namespace, filtered and searched, for Owners', async () => {
    await importGroup();
    const query = `query($path: ID!, $statuses: [ImportSourceUserStatus!], $search: String) {
      namespace(fullPath: $path) {
        importSourceUsers(statuses: $statuses, search: $search, sort: SOURCE_NAME_DESC, first: 10) {
          nodes { sourceUsername sourceName sourceHostname status placeholderUser { username } }
        }
      }
    }`;
    const all = await gql(t.app, query, { path: 'sru-acme' }, t.tok.owner);
    const nodes = dig(all.body.data, 'namespace', 'importSourceUsers', 'nodes') as Array<{
      sourceUsername: string;
      placeholderUser: { username: string } | null;
    }>;
    expect(nodes.map((n) => n.sourceUsername)).toEqual(['dan', 'carol', 'ada']);
    expect(nodes[2]?.placeholderUser?.username).toMatch(/^ada_placeholder/);
    const searched = await gql(t.app, query, { path: 'sru-acme', search: 'lovel' }, t.tok.owner);
    expect(JSON.stringify(searched.body.data)).toContain('"sourceUsername":"ada"');
    expect(JSON.stringify(searched.body.data)).not.toContain('carol');
    const maintainer = await gql(t.app, query, { path: 'sru-acme' }, t.tok.maintainer);
    expect(maintainer.body.data?.namespace).toMatchObject({ importSourceUsers: null });
  });

  it('fails the reassignment, with the reason, when the job cannot run (the assignee was blocked)', async () => {
    await importGroup();
    const dan = await sourceUser('dan');
    const csv = `${CSV_HEADERS.join(',')}\n${SOURCE},gitlab_migration,dan,Dan Bricklin,dan,,sru_other@example.com\n`;
    expect((await uploadCsv(t.tok.owner, csv)).statusCode).toBe(201);
    expect((await sourceUser('dan')).reassign_to_user_id).toBe(t.uid.other);
    expect((await page('POST', dan.id, 'other', '/accept')).json().status).toBe('reassignment_in_progress');
    await t.db
      .updateTable('users')
      .set({ state: 'blocked' })
      .where('id', '=', t.uid.other as number)
      .execute();
    try {
      expect(await t.app.importWorker?.pollNow()).toEqual(['failed']);
    } finally {
      await t.db
        .updateTable('users')
        .set({ state: 'active' })
        .where('id', '=', t.uid.other as number)
        .execute();
    }
    expect(await sourceUser('dan')).toMatchObject({
      status: 'failed',
      reassignment_error: 'The user who started the import is no longer active.',
      user_id: dan.placeholder_user_id,
    });
  });

  it.each([
    ...BELOW_OWNER.map(([who]) => [who, 'a member below Owner: the group shows', 'FORBIDDEN'] as const),
    ['outsider', 'not a member of the private group: it does not show', 'NOT_FOUND'],
    ['anonymous', 'no token: the private group does not show', 'NOT_FOUND'],
  ] as const)('keeps no source user as a placeholder for %s (%s): %s', async (who, _why, code) => {
    const id = await importGroup();
    const statuses = () =>
      t.db
        .selectFrom('import_source_users')
        .select(['id', 'status'])
        .where('namespace_id', '=', id)
        .orderBy('id')
        .execute();
    const before = await statuses();
    const res = await gql(t.app, KEEP_ALL, { ns: `gid://gitlab/Group/${id}` }, t.tok[who]);
    expectRefused(res, code);
    expect(await statuses()).toEqual(before);
  });

  it('answers a namespace that is not there, or not a top-level group, as not found, to its Owner too', async () => {
    await importGroup();
    const sub = await t.api('POST', '/groups', 'owner', { name: 'Sub', path: 'sru-sub', parent_id: groupId });
    expect(sub.statusCode, sub.body).toBe(201);
    for (const ns of ['gid://gitlab/Group/2147483647', `gid://gitlab/Group/${sub.json().id}`]) {
      expectRefused(await gql(t.app, KEEP_ALL, { ns }, t.tok.owner), 'NOT_FOUND');
    }
  });

  it('keeps every pending source user as a placeholder at once, for Owners, and undoes one', async () => {
    const id = await importGroup();
    const keepAll = KEEP_ALL;
    // Whatever the earlier tests left, carol waits again: her assignee turned the request down.
    await t.db
      .updateTable('import_source_users')
      .set({ status: 'rejected' })
      .where('id', '=', (await sourceUser('carol')).id)
      .execute();
    const pending = await t.db
      .selectFrom('import_source_users')
      .select('id')
      .where('namespace_id', '=', id)
      .where('status', 'in', ['pending_reassignment', 'rejected'])
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    const kept = await gql(t.app, keepAll, { ns: `gid://gitlab/Group/${id}` }, t.tok.owner);
    expect(kept.body.data?.importSourceUserKeepAllAsPlaceholder).toEqual({
      errors: [],
      updatedImportSourceUserCount: pending.length,
    });
    for (const { id: sourceUserId } of pending) {
      const row = await t.db
        .selectFrom('import_source_users')
        .select(['status', 'reassigned_by_user_id'])
        .where('id', '=', sourceUserId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'keep_as_placeholder', reassigned_by_user_id: t.uid.owner });
    }
    // Nothing is left to keep: a second run changes nothing.
    const again = await gql(t.app, keepAll, { ns: `gid://gitlab/Namespace/${id}` }, t.tok.owner);
    expect(dig(again.body.data, 'importSourceUserKeepAllAsPlaceholder', 'updatedImportSourceUserCount')).toBe(0);

    const undo = `mutation($id: ImportSourceUserID!) {
      importSourceUserUndoKeepAsPlaceholder(input: { id: $id }) { errors importSourceUser { status } }
    }`;
    const first = `gid://gitlab/Import::SourceUser/${pending[0]?.id}`;
    const undone = await gql(t.app, undo, { id: first }, t.tok.owner);
    expect(undone.body.data?.importSourceUserUndoKeepAsPlaceholder).toEqual({
      errors: [],
      importSourceUser: { status: 'PENDING_REASSIGNMENT' },
    });
    const twice = await gql(t.app, undo, { id: first }, t.tok.owner);
    expect(dig(twice.body.data, 'importSourceUserUndoKeepAsPlaceholder', 'errors')).toEqual([
      'Import source user has an invalid status for this operation',
    ]);
  });
});
