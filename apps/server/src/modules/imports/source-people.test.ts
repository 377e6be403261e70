import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { type PeopleScope, type SourcePerson, usersForSourcePeople } from './source-people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const person = (sourceId: string, extra: Partial<SourcePerson> = {}): SourcePerson => ({
  sourceId,
  username: sourceId,
  email: null,
  name: sourceId,
  ...extra,
});

async function scope(): Promise<PeopleScope> {
  const group = await createGroup(t.db);
  return { namespaceId: group.id, sourceHostname: 'https://source.example' };
}

const usernameOf = async (id: number) =>
  await t.db
    .selectFrom('users')
    .select(['username', 'placeholder', 'state'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('usersForSourcePeople', () => {
  it('matches by email before username, and makes placeholders for the others, in order', async () => {
    const byEmail = await createUser(t.db, { username: 'sp_mail_owner' });
    const byName = await createUser(t.db, { username: 'sp_same_name' });
    const people = [
      person('someone_else', { email: 'SP_MAIL_OWNER@example.com', username: 'sp_same_name' }),
      person('sp_same_name'),
      person('sp_stranger', { name: 'Zoë Žák' }),
    ];
    const users = await usersForSourcePeople(t.db, await scope(), people);
    expect(users.slice(0, 2)).toEqual([
      { id: byEmail.id, status: 'matched' },
      { id: byName.id, status: 'matched' },
    ]);
    expect(users[2]?.status).toBe('placeholder');
    expect(await usernameOf(users[2]?.id as number)).toEqual({
      username: 'sp_stranger_placeholder',
      placeholder: true,
      state: 'blocked',
    });
  });

  it('numbers placeholder usernames past taken ones and past each other within the list', async () => {
    await createUser(t.db, { username: 'Dup_placeholder' });
    await createUser(t.db, { username: 'dup_placeholder_1' });
    const users = await usersForSourcePeople(t.db, await scope(), [
      person('src-1', { username: null, name: 'Dup' }),
      person('src-2', { username: null, name: 'dup' }),
      person('src-3', { username: null, name: 'Düp' }),
    ]);
    const names = await Promise.all(users.map(async (user) => (await usernameOf(user.id)).username));
    expect(names).toEqual(['Dup_placeholder_2', 'dup_placeholder_3', 'Dup_placeholder_4']);
  });

  it('answers the same users for a person met twice, and again on a second import from the source', async () => {
    const where = await scope();
    const first = await usersForSourcePeople(t.db, where, [person('sp_twice'), person('sp_twice')]);
    expect(first[0]).toEqual(first[1]);
    const again = await usersForSourcePeople(t.db, where, [person('sp_twice')]);
    expect(again).toEqual([first[0]]);
    const recorded = await t.db
      .selectFrom('import_source_users')
      .select(['source_username', 'status'])
      .where('namespace_id', '=', where.namespaceId)
      .execute();
    expect(recorded).toEqual([{ source_username: 'sp_twice', status: 'pending_reassignment' }]);
  });

  it('credits the reassigned user once an owner completed the reassignment', async () => {
    const where = await scope();
    const [placeholder] = await usersForSourcePeople(t.db, where, [person('sp_reassigned')]);
    const real = await createUser(t.db, { username: 'sp_real_one' });
    await t.db
      .updateTable('import_source_users')
      .set({ user_id: real.id, status: 'completed' })
      .where('placeholder_user_id', '=', placeholder?.id as number)
      .execute();
    expect(await usersForSourcePeople(t.db, where, [person('sp_reassigned')])).toEqual([
      { id: real.id, status: 'matched' },
    ]);
  });

  it('answers nothing for no people', async () => {
    expect(await usersForSourcePeople(t.db, await scope(), [])).toEqual([]);
  });
});
