import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { type ChangeBus, startChangeBus } from './change-bus';
import { type ItemChange, parseChange, publishChange } from './change-channel';

const t = useTestApp();
let bus: ChangeBus;
const received: ItemChange[] = [];
const resets: boolean[] = [];

beforeAll(async () => {
  bus = await startChangeBus(t.database);
  bus.onChange((change) => received.push(change));
  bus.onReset((listening) => resets.push(listening));
});
afterAll(() => bus.close());

const arrived = (id: number) => received.filter((c) => c.id === id);

describe('the change bus', () => {
  it('delivers a change published outside a transaction', async () => {
    await publishChange(t.db, 'Issue', 11, 'updated');
    await vi.waitFor(() => expect(arrived(11)).toEqual([expect.objectContaining({ kind: 'Issue', what: 'updated' })]));
  });

  it('delivers a transaction’s changes on commit, folded per item and kind, and nothing on rollback', async () => {
    await t.db.transaction().execute(async (trx) => {
      await publishChange(trx, 'Issue', 12, 'note');
      await publishChange(trx, 'Issue', 12, 'note');
      await publishChange(trx, 'Epic', 12, 'updated');
      expect(arrived(12)).toEqual([]);
    });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await publishChange(trx, 'Issue', 13, 'note');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await publishChange(t.db, 'Issue', 14, 'note');
    await vi.waitFor(() => expect(arrived(14)).toHaveLength(1));
    expect(arrived(12).map((c) => c.kind)).toEqual(['Issue', 'Epic']);
    expect(arrived(13)).toEqual([]);
    const [issue, epic] = arrived(12);
    expect(issue?.version).toBe(epic?.version);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reconnects when its PostgreSQL connection is killed, saying so',
    async () => {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'meridian-listener' and datname = current_database()`.execute(t.db);
      await vi.waitFor(() => expect(resets).toEqual([false, true]), { timeout: 5_000 });
      await publishChange(t.db, 'Issue', 15, 'updated');
      await vi.waitFor(() => expect(arrived(15)).toHaveLength(1));
    },
  );
});

describe('parseChange', () => {
  it.each([
    ['Issue:1:updated:77', { kind: 'Issue', id: 1, what: 'updated', version: '77' }],
    ['Epic:9:deleted:1', { kind: 'Epic', id: 9, what: 'deleted', version: '1' }],
    ['User:1:updated:7', undefined],
    ['Issue:0:updated:7', undefined],
    ['Issue:1.5:updated:7', undefined],
    ['Issue:1:poked:7', undefined],
    ['Issue:1:updated:', undefined],
    ['Issue:1:updated:7:extra', undefined],
    [
      'Issue:1:note:7:c.55',
      { kind: 'Issue', id: 1, what: 'note', version: '7', note: { event: 'created', noteId: 55 } },
    ],
    [
      `Epic:2:note:8:d.56.${'a1'.repeat(20)}.1.0`,
      {
        kind: 'Epic',
        id: 2,
        what: 'note',
        version: '8',
        note: {
          event: 'deleted',
          noteId: 56,
          discussionId: 'a1'.repeat(20),
          lastDiscussionNote: true,
          internal: false,
        },
      },
    ],
    ['Issue:1:updated:7:c.55', undefined],
    ['Issue:1:note:7:c.55:x', undefined],
    ['Issue:1:note:7:d.56.zz.1.0', undefined],
    ['Issue:1:note:7:c.12345678901', undefined],
    ['', undefined],
  ])('%s', (payload, expected) => {
    expect(parseChange(payload)).toEqual(expected);
  });
});

describe('a PostgreSQL that cannot be reached at boot', () => {
  it('does not stop the server starting: the bus starts not listening, says so, and keeps retrying', async () => {
    const logged: string[] = [];
    const unreachable = await startChangeBus(
      { listenVia: { kind: 'postgres', url: 'postgres://meridian:secret@127.0.0.1:1/meridian' } },
      (message) => logged.push(message),
    );
    try {
      expect(unreachable.isListening()).toBe(false);
      expect(logged[0]).toMatch(/^change listener connection lost \(.*\); reconnecting$/);
    } finally {
      await unreachable.close();
    }
  });
});
