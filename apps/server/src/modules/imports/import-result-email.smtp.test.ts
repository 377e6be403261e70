import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AccessLevel } from '../../policy/access-levels';
import { archiveOf, entries } from '../../test/group-archive-builder';
import { multipartBody } from '../../test/multipart-body';
import { useRestTestApp } from '../../test/rest-test-app';
import { deliveredSince, useSmtpSink } from '../../test/use-smtp-sink';
import { CSV_IMPORT_STARTED_WITH_EMAIL } from './imports.service';

/**
 * Issue 32: when the instance sends email, whoever started an import hears how it ended (GitLab's
 * "Imported issues" for a CSV import; the same for a group import), through a real SMTP server.
 */
const env: Record<string, string> = { SMTP_POLL_INTERVAL_MS: '50', SMTP_FROM: 'Meridian <notify@example.com>' };
const sink = useSmtpSink(env);
const t = useRestTestApp({
  prefix: 'impmail_',
  users: ['owner'],
  groups: { acme: { path: 'impmail', name: 'Import Mail', members: { owner: AccessLevel.OWNER } } },
  projects: { web: { path: 'web', name: 'Web App', group: 'acme' } },
  env,
});

function upload(url: string, parts: Record<string, string | { filename: string; data: Buffer }>) {
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, 'private-token': t.tok.owner ?? '' },
    payload: body.payload,
  });
}

describe('the import result email', () => {
  it('tells the uploader of a CSV import what was imported and skipped', async () => {
    const mark = sink.received.length;
    const csv = 'title,description\nFirst,one\n,no title\nSecond,two\n';
    const res = await upload('/impmail/web/-/issues/import_csv', {
      file: { filename: 'i.csv', data: Buffer.from(csv) },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(CSV_IMPORT_STARTED_WITH_EMAIL);
    expect(await t.app.importWorker?.pollNow()).toEqual(['finished']);
    const mails = await deliveredSince(t.db, sink, mark);
    expect(mails.map((m) => [m.to, m.parsed.subject])).toEqual([
      [['impmail_owner@example.com'], 'Web App | Imported issues'],
    ]);
    expect(mails[0]?.parsed.text).toContain(
      'Your CSV import for project Web App has been completed. 2 issues imported, 1 row skipped.',
    );
    expect(mails[0]?.parsed.text).toContain('/impmail/web/-/issues');
  });

  it('tells who imported a group that it finished', async () => {
    const mark = sink.received.length;
    const path = await archiveOf(entries());
    const res = await upload('/api/v4/groups/import', {
      name: 'Imported',
      path: 'impmail-copy',
      file: { filename: 'g.tar.gz', data: readFileSync(path) },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await t.app.importWorker?.pollNow()).toEqual(['finished']);
    const mails = await deliveredSince(t.db, sink, mark);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['impmail-copy | Group import finished']);
    expect(mails[0]?.parsed.text).toContain(
      'The import of group impmail-copy has been completed: 0 projects, 0 issues, 0 epics, 0 notes imported; 0 records skipped.',
    );
  });
});
