import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE, type Role, useEpicMutationsWorld } from '../test/epic-mutations-world';
import { dig, gql } from '../test/graphql-client';

/** updateEpic: the roadmap's drag to reschedule, and the epic's other fields. The world is in test/epic-mutations-world.ts. */
const { t, tokens, epicGid } = useEpicMutationsWorld();

const UPDATE = `mutation updateEpic($input: UpdateEpicInput!) { updateEpic(input: $input) {
  clientMutationId errors
  epic { id iid title state startDate dueDate startDateIsFixed dueDateIsFixed startDateFixed dueDateFixed labels { nodes { title } } } } }`;

async function update(role: Role, input: Record<string, unknown>) {
  const res = await gql(t.app, UPDATE, { input: { groupPath: 'mt', iid: '2', ...input } }, tokens[role]);
  return {
    status: res.status,
    payload: dig(res.body.data, 'updateEpic') as {
      clientMutationId: string | null;
      errors: string[];
      epic: Record<string, unknown> | null;
    } | null,
    topLevel: res.body.errors ?? [],
  };
}

describe('updateEpic', () => {
  it('reschedules with fixed dates (the roadmap drag) and REST sees the same epic', async () => {
    const r = await update('owner', {
      clientMutationId: 'drag-1',
      startDateFixed: '2025-03-01',
      startDateIsFixed: true,
      dueDateFixed: '2025-05-15',
      dueDateIsFixed: true,
    });
    expect(r.topLevel).toEqual([]);
    expect(r.payload).toEqual({
      clientMutationId: 'drag-1',
      errors: [],
      epic: {
        id: epicGid('C1'),
        iid: '2',
        title: 'C1',
        state: 'opened',
        startDate: '2025-03-01',
        dueDate: '2025-05-15',
        startDateIsFixed: true,
        dueDateIsFixed: true,
        startDateFixed: '2025-03-01',
        dueDateFixed: '2025-05-15',
        labels: { nodes: [] },
      },
    });
    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/v4/groups/mt/epics/2',
      headers: { 'private-token': tokens.owner as string },
    });
    expect(rest.json()).toMatchObject({ start_date: '2025-03-01', due_date: '2025-05-15', start_date_is_fixed: true });
    // The parent's inherited dates follow its child.
    const parent = await gql(
      t.app,
      '{ group(fullPath: "mt") { epic(iid: "1") { startDate dueDate } } }',
      {},
      tokens.owner,
    );
    expect(dig(parent.body.data, 'group', 'epic')).toEqual({ startDate: '2025-03-01', dueDate: '2025-05-15' });
  });

  it('unfixes a date back to the inherited one, changes title, labels and state', async () => {
    const r = await update('planner', {
      startDateIsFixed: false,
      title: 'C1 renamed',
      stateEvent: 'CLOSE',
      addLabels: [],
    });
    expect(r.payload?.errors).toEqual([]);
    expect(r.payload?.epic).toMatchObject({
      title: 'C1 renamed',
      state: 'closed',
      startDate: null,
      startDateIsFixed: false,
      startDateFixed: '2025-03-01',
      dueDate: '2025-05-15',
    });
    const reopened = await update('reporter', { stateEvent: 'REOPEN', title: 'C1' });
    expect(reopened.payload?.epic).toMatchObject({ state: 'opened', title: 'C1' });
  });

  it('returns validation problems in errors, naming the field, and leaves the epic unchanged', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dueDateFixed: '2025-02-01' }, 'dueDateFixed is invalid: must be on or after startDateFixed'],
      [{ startDateFixed: '2025-06-01' }, 'dueDateFixed is invalid: must be on or after startDateFixed'],
      [{ startDateFixed: '2025-02-30' }, 'startDateFixed is invalid: must be a date YYYY-MM-DD'],
      [{ dueDateFixed: 'next week' }, 'dueDateFixed is invalid: must be a date YYYY-MM-DD'],
      [{ title: '   ' }, 'title is empty'],
      [{ title: 'x'.repeat(256) }, 'title is too long (maximum is 255 characters)'],
      [{ color: 'blue' }, 'color is invalid: must be a hex colour like #1068bf'],
    ];
    for (const [input, message] of cases) {
      const r = await update('owner', input);
      expect(r.topLevel, message).toEqual([]);
      expect(r.payload?.errors, message).toEqual([message]);
      expect(r.payload?.epic).toMatchObject({ title: 'C1', startDateFixed: '2025-03-01', dueDateFixed: '2025-05-15' });
    }
    // Clearing one side is always valid.
    const cleared = await update('owner', { dueDateFixed: null, dueDateIsFixed: false });
    expect(cleared.payload).toMatchObject({ errors: [], epic: { dueDateFixed: null, dueDateIsFixed: false } });
  });

  it('answers one top-level error, never the epic, for whoever may not update it', async () => {
    const guest = await update('guest', { title: 'guest was here' });
    expect(guest.payload).toBeNull();
    expect(guest.topLevel).toEqual([
      expect.objectContaining({ message: NOT_AVAILABLE, extensions: expect.objectContaining({ code: 'FORBIDDEN' }) }),
    ]);
    const notFound = expect.objectContaining({
      message: NOT_AVAILABLE,
      extensions: expect.objectContaining({ code: 'NOT_FOUND' }),
    });
    expect((await update('stranger', { title: 'x' })).topLevel).toEqual([notFound]);
    expect((await update('anonymous', { title: 'x' })).topLevel).toEqual([notFound]);
    expect((await update('owner', { iid: '999', title: 'x' })).topLevel).toEqual([notFound]);
    expect((await update('owner', { iid: 'abc', title: 'x' })).topLevel).toEqual([notFound]);
    expect((await update('owner', { groupPath: 'mtx', iid: '1', title: 'x' })).topLevel).toEqual([notFound]);
    expect((await update('guest', { iid: '5', title: 'x' })).topLevel).toEqual([notFound]);
    const unchanged = await gql(t.app, '{ group(fullPath: "mt") { epic(iid: "2") { title } } }', {}, tokens.owner);
    expect(dig(unchanged.body.data, 'group', 'epic', 'title')).toBe('C1');
  });
});
