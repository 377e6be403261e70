import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiClient, createUsersWithTokens } from '../../../test/api-client';
import { archiveOf, entries, GROUP, USER } from '../../../test/group-archive-builder';
import { multipartBody } from '../../../test/multipart-body';
import { useTestApp } from '../../../test/use-test-app';

/**
 * Archive records the database refuses (a label colour no label may have) are skipped with the
 * reason while the rest of their batch goes in; an epic whose parent is a later line of the file is
 * linked once every epic exists.
 */
const tok: Record<string, string> = {};
const t = useTestApp(async ({ db }) => {
  await createUsersWithTokens(db, ['owner'], { prefix: 'ar-', into: { tok } });
});
const api = apiClient(() => t.app, tok);

const at = '2026-01-01T00:00:00.000Z';
const label = (title: string, color: string) =>
  JSON.stringify({
    group_path: 'acme',
    project_path: null,
    title,
    color,
    text_color: '#FFFFFF',
    description: '',
    priority: null,
    created_at: at,
    updated_at: at,
  });
const epic = (iid: number, parent: number | null) =>
  JSON.stringify({
    group_path: 'acme',
    iid,
    title: `Epic ${iid}`,
    description: '',
    state: 'opened',
    confidential: false,
    color: '#1068bf',
    author: USER.username,
    closed_by: null,
    start_date_is_fixed: false,
    start_date_fixed: null,
    due_date_is_fixed: false,
    due_date_fixed: null,
    start_date: null,
    end_date: null,
    relative_position: null,
    parent: parent === null ? null : { group_path: 'acme', iid: parent },
    labels: ['bug'],
    created_at: at,
    updated_at: at,
    closed_at: null,
  });

describe('importing records the database refuses', () => {
  it('skips them with the reason, keeps the rest of the batch, and links epics to later parents', async () => {
    const path = await archiveOf(
      entries({
        users: [JSON.stringify(USER)],
        groups: [JSON.stringify(GROUP)],
        labels: [label('bug', '#d9534f'), label('broken', 'red'), label('ux', '#428bca')],
        // Epic 1's parent is epic 2, a later line.
        epics: [epic(1, 2), epic(2, null)],
      }),
    );
    const body = multipartBody({
      name: 'Acme',
      path: 'ar-acme',
      file: { filename: 'a.tar.gz', data: readFileSync(path) },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/groups/import',
      headers: { ...body.headers, 'private-token': tok.owner ?? '' },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id: groupId, import_job: job } = res.json();
    expect(await t.app.importWorker?.pollNow()).toEqual(['finished']);

    const skipped = (await api('GET', `/groups/${groupId}/import_jobs/${job.id}/skipped`, 'owner')).json();
    expect(skipped).toEqual([
      { kind: 'labels', source_id: 'acme||broken', reason: expect.stringMatching(/^refused: .*labels_color_check/) },
    ]);
    const labels = (await api('GET', `/groups/${groupId}/labels`, 'owner')).json() as Array<{ name: string }>;
    expect(labels.map((l) => l.name).sort()).toEqual(['bug', 'ux']);
    const epics = (await api('GET', `/groups/${groupId}/epics?sort=asc&order_by=created_at`, 'owner')).json() as Array<{
      iid: number;
      parent_iid: number | null;
      labels: string[];
    }>;
    expect(epics.map((e) => [e.iid, e.parent_iid, e.labels]).sort()).toEqual([
      [1, 2, ['bug']],
      [2, null, ['bug']],
    ]);
  });
});
