import { beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { openMergeRequest } from '../../test/api-client';
import { csvObjects } from '../../test/csv-records';
import { useRestTestApp } from '../../test/rest-test-app';
import { deliveredSince as delivered, useSmtpSink } from '../../test/use-smtp-sink';

/**
 * GitLab's emailed CSV exports (issue 32) end to end: the real app with SMTP_URL pointing at a real
 * SMTP server started here; `POST …/export_csv` queues the email and the app's own outbox worker
 * builds the attachment and sends it.
 */
const env: Record<string, string> = { SMTP_POLL_INTERVAL_MS: '50', SMTP_FROM: 'Meridian <notify@example.com>' };
const sink = useSmtpSink(env);

const t = useRestTestApp({
  prefix: 'csvmail_',
  users: ['owner', 'guest', 'outsider'],
  groups: {
    acme: { path: 'csvmail', name: 'Csv Mail', members: { owner: AccessLevel.OWNER, guest: AccessLevel.GUEST } },
  },
  projects: { web: { path: 'web', name: 'Web App', group: 'acme' } },
  env,
});
const { api, tok, pid } = t;

function post(path: string, who?: string, json = true) {
  const headers: Record<string, string> = json ? { accept: 'application/json' } : {};
  if (who) headers['private-token'] = tok[who] ?? '';
  return t.app.inject({ method: 'POST', url: path, headers });
}

const deliveredSince = (mark: number) => delivered(t.db, sink, mark, 20_000);

const address = (who: string) => `csvmail_${who}@example.com`;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const issue = async (fields: Record<string, unknown>) => {
    const res = await api('POST', `/projects/${pid.web}/issues`, 'owner', fields);
    expect(res.statusCode, res.body).toBe(201);
  };
  await issue({ title: 'Bug one', labels: 'bug' });
  await issue({ title: 'Bug two', labels: 'bug' });
  await issue({ title: 'Feature', labels: 'feature' });
  await issue({ title: 'Secret bug', labels: 'bug', confidential: true });
  await openMergeRequest(api, pid.web, 'owner', { title: '=Change it', source_branch: 'feature' });
});

describe('POST /<project>/-/issues/export_csv', () => {
  it("queues the export and mails the list's CSV as an attachment with GitLab's text", async () => {
    const mark = sink.received.length;
    const res = await post('/csvmail/web/-/issues/export_csv?labels=bug&order_by=title&sort=asc', 'owner');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: `Your CSV export has started. It will be emailed to ${address('owner')} when complete.`,
    });
    const [email, ...more] = await deliveredSince(mark);
    expect(more).toEqual([]);
    expect(email?.to).toEqual([address('owner')]);
    expect(email?.parsed.subject).toBe('Web App | Exported issues');
    expect(email?.parsed.text?.trim()).toMatch(
      /^Your CSV export of 3 issues from project Csv Mail \/ Web App \(http:\/\/[^)]+\/csvmail\/web\) has been added to this email as an attachment\.$/,
    );
    expect(email?.parsed.html).toContain('has been added to this email as an attachment.');
    const attachment = email?.parsed.attachments[0];
    expect(attachment?.filename).toBe(`csvmail-web_issues_${today()}.csv`);
    expect(attachment?.contentType).toBe('text/csv');
    const rows = csvObjects(attachment?.content.toString('utf8') ?? '');
    expect(rows.map((r) => r.Title)).toEqual(['Bug one', 'Bug two', 'Secret bug']);
  });

  it('writes only what the requester may read: no confidential issue for a Guest', async () => {
    const mark = sink.received.length;
    expect((await post('/csvmail/web/-/issues/export_csv?labels=bug', 'guest')).statusCode).toBe(200);
    const [email] = await deliveredSince(mark);
    expect(email?.to).toEqual([address('guest')]);
    expect(email?.parsed.text).toContain('Your CSV export of 2 issues');
    const rows = csvObjects(email?.parsed.attachments[0]?.content.toString('utf8') ?? '');
    expect(rows.map((r) => r.Title).sort()).toEqual(['Bug one', 'Bug two']);
  });

  it("redirects a form post to the list, as GitLab's controller does", async () => {
    const mark = sink.received.length;
    const res = await post('/csvmail/web/-/issues/export_csv', 'owner', false);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/csvmail/web/-/issues');
    expect(await deliveredSince(mark)).toHaveLength(1);
  });

  it('is 401 anonymous, 404 for a hidden project, 400 for a bad filter, and queues nothing then', async () => {
    const queued = async () =>
      Number(
        (
          await t.db
            .selectFrom('notification_emails')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await queued();
    expect((await post('/csvmail/web/-/issues/export_csv')).statusCode).toBe(401);
    expect((await post('/csvmail/web/-/issues/export_csv', 'outsider')).statusCode).toBe(404);
    const bad = await post('/csvmail/web/-/issues/export_csv?state=bogus', 'owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('state');
    expect(await queued()).toBe(before);
  });
});

describe('POST /<project>/-/merge_requests/export_csv', () => {
  it("mails the merge request list's CSV", async () => {
    const mark = sink.received.length;
    const res = await post('/csvmail/web/-/merge_requests/export_csv?state=opened', 'owner');
    expect(res.statusCode, res.body).toBe(200);
    const [email] = await deliveredSince(mark);
    expect(email?.parsed.subject).toBe('Web App | Exported merge requests');
    expect(email?.parsed.text).toContain('Your CSV export of 1 merge request from project Csv Mail / Web App');
    const attachment = email?.parsed.attachments[0];
    expect(attachment?.filename).toBe(`csvmail-web_merge_requests_${today()}.csv`);
    const rows = csvObjects(attachment?.content.toString('utf8') ?? '');
    expect(rows.map((r) => [r.Title, r['MR IID']])).toEqual([["'=Change it", '1']]);
  });
});
