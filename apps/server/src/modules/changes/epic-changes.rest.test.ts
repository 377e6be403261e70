import { beforeAll, describe, expect, it } from 'vitest';
import { useChangeEffectsWorld } from '../../test/change-effects-world';

/**
 * Issue 27: every epic write's effects come from the one recorder — which gives epics their
 * field-change notes (a `/label` in a comment included), their emails, and re-parenting its notes
 * on both ends, whichever API moves the epic, REST or GraphQL.
 */
const w = useChangeEffectsWorld();
const epics = () => `/groups/${w.ids.groupId}/epics`;
type EpicRef = { id: number; iid: number };
const epic: EpicRef = { id: 0, iid: 0 };
const parent: EpicRef = { id: 0, iid: 0 };
const other: EpicRef = { id: 0, iid: 0 };

beforeAll(async () => {
  for (const [ref, title] of [
    [parent, 'Platform'],
    [other, 'Mobile'],
  ] as const) {
    const res = await w.api('POST', epics(), 'author', { title });
    expect(res.statusCode, res.body).toBe(201);
    Object.assign(ref, { id: res.json().id, iid: res.json().iid });
  }
  await w.t.db
    .insertInto('labels')
    .values({ group_id: w.ids.groupId, title: 'ux', color: '#428bca', text_color: '#FFFFFF' })
    .execute();
});

const on = (ref: EpicRef, note: string) => `Epic#${ref.id}: ${note}`;
const request =
  (method: 'POST' | 'PUT' | 'DELETE', path: () => string, body?: object, status = 200) =>
  async () => {
    const res = await w.api(method, path(), 'author', body);
    expect(res.statusCode, res.body).toBe(status);
    return { type: 'Epic' as const, id: epic.id };
  };
const update = (body: object) => request('PUT', () => `${epics()}/${epic.iid}`, body);

describe('the effects of an epic write', () => {
  it('creation under a parent: notes on both ends, mention to-do, new_epic emails', async () => {
    const effects = await w.effectsOf(async () => {
      const res = await w.api('POST', epics(), 'author', {
        title: 'Search',
        description: 'cc @chg-bob',
        parent_id: parent.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      Object.assign(epic, { id: res.json().id, iid: res.json().iid });
      return { type: 'Epic' as const, id: epic.id };
    });
    expect(effects).toEqual({
      notes: [on(epic, `added &${parent.iid} as parent epic`), on(parent, `added &${epic.iid} as child epic`)],
      todos: ['bob:mentioned'],
      mentioned: ['bob'],
      emails: ['bob:new_epic', 'watcher:new_epic'],
      live: [],
    });
  });

  it('/label in a comment notes the label (was missing)', async () => {
    const effects = await w.effectsOf(
      request('POST', () => `${epics()}/${epic.iid}/notes`, { body: '/label ~ux' }, 202),
    );
    expect(effects.notes).toEqual([on(epic, 'added ~ux label')]);
    expect(effects.live).toEqual(['updated', 'labels']);
  });

  it('a new mention in the description: note, to-do, mention row, email', async () => {
    const effects = await w.effectsOf(update({ description: 'cc @chg-bob @chg-watcher' }));
    expect(effects).toEqual({
      notes: [on(epic, 'changed the description')],
      todos: ['watcher:mentioned'],
      mentioned: ['bob', 'watcher'],
      emails: ['watcher:mention'],
      live: ['updated'],
    });
  });

  it.each<[string, object, string[], string[]]>([
    ['title', { title: 'Search v2' }, ['changed title from **Search** to **Search v2**'], []],
    ['labels', { remove_labels: 'ux' }, ['removed ~ux label'], []],
    ['confidential', { confidential: true }, ['made the epic confidential'], []],
    [
      'fixed start date',
      { start_date_is_fixed: true, start_date_fixed: '2026-12-01' },
      ['changed start date to Dec 1, 2026'],
      [],
    ],
    ['close (emails, were missing)', { state_event: 'close' }, ['closed'], ['watcher:close_epic']],
    ['reopen', { state_event: 'reopen' }, ['reopened'], ['watcher:reopen_epic']],
    ['nothing', { title: 'Search v2' }, [], []],
  ])('%s', async (name, body, notes, emails) => {
    const effects = await w.effectsOf(update(body));
    expect(effects.notes).toEqual(notes.map((note) => on(epic, note)));
    expect(effects.todos).toEqual([]);
    expect(effects.emails).toEqual(emails);
    expect(effects.live).toEqual(name === 'labels' ? ['updated', 'labels'] : ['updated']);
  });

  it('moving to another parent (child-epics API) notes the child, the parent it leaves and the one it joins', async () => {
    const effects = await w.effectsOf(
      request('POST', () => `${epics()}/${other.iid}/epics/${epic.id}`, undefined, 201),
    );
    expect(effects.notes).toEqual([
      on(epic, `removed parent epic &${parent.iid}`),
      on(parent, `removed child epic &${epic.iid}`),
      on(epic, `added &${other.iid} as parent epic`),
      on(other, `added &${epic.iid} as child epic`),
    ]);
    expect(effects.live).toEqual(['updated']);
  });

  it('removing the parent (child-epics API) notes both ends', async () => {
    const effects = await w.effectsOf(request('DELETE', () => `${epics()}/${other.iid}/epics/${epic.id}`));
    expect(effects.notes).toEqual([
      on(epic, `removed parent epic &${other.iid}`),
      on(other, `removed child epic &${epic.iid}`),
    ]);
  });

  it('setting parent_id on update notes both ends', async () => {
    const effects = await w.effectsOf(update({ parent_id: parent.id }));
    expect(effects.notes).toEqual([
      on(epic, `added &${parent.iid} as parent epic`),
      on(parent, `added &${epic.iid} as child epic`),
    ]);
  });
});

describe('the same effects through GraphQL', () => {
  const through = (name: 'updateEpic' | 'createNote', input: () => Record<string, unknown>) => async () => {
    await w.mutate(name, input());
    return { type: 'Epic' as const, id: epic.id };
  };
  const target = () => ({ groupPath: 'chg', iid: String(epic.iid) });

  it.each<[string, () => Promise<{ type: 'Epic'; id: number }>, string[], string[], string[]]>([
    [
      'updateEpic title',
      through('updateEpic', () => ({ ...target(), title: 'Search v3' })),
      ['changed title from **Search v2** to **Search v3**'],
      [],
      ['updated'],
    ],
    [
      'updateEpic close',
      through('updateEpic', () => ({ ...target(), stateEvent: 'CLOSE' })),
      ['closed'],
      ['watcher:close_epic'],
      ['updated'],
    ],
    [
      'createNote /label (commands only)',
      through('createNote', () => ({ noteableId: `gid://gitlab/Epic/${epic.id}`, body: '/label ~ux' })),
      ['added ~ux label'],
      [],
      ['updated', 'labels'],
    ],
  ])('%s', async (_name, write, notes, emails, live) => {
    const effects = await w.effectsOf(write);
    expect(effects.notes).toEqual(notes.map((note) => on(epic, note)));
    expect(effects.todos).toEqual([]);
    expect(effects.emails).toEqual(emails);
    expect(effects.live).toEqual(live);
  });
});
