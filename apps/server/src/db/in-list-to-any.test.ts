import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { InListToAnyPlugin } from './in-list-to-any';

const t = useTestApp();
const plugin = new InListToAnyPlugin();

describe('InListToAnyPlugin', () => {
  it('turns a value list into one array parameter, so the text does not depend on its length', () => {
    const db = t.db.withPlugin(plugin);
    const two = db.selectFrom('users').select('id').where('id', 'in', [1, 2]).compile();
    const five = db.selectFrom('users').select('id').where('id', 'in', [1, 2, 3, 4, 5]).compile();
    expect(two.sql).toBe('select "id" from "users" where "id" = any($1)');
    expect(five.sql).toBe(two.sql);
    expect(five.parameters).toEqual([[1, 2, 3, 4, 5]]);
    const negated = db.selectFrom('users').select('id').where('username', 'not in', ['a', 'b']).compile();
    expect(negated.sql).toBe('select "id" from "users" where "username" <> all($1)');
  });

  it('leaves sub-selects and expression lists alone', () => {
    const db = t.db.withPlugin(plugin);
    const query = db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('group_members').select('user_id'))
      .compile();
    expect(query.sql).toContain('"id" in (select "user_id" from "group_members")');
  });

  it('answers the same rows as the list it replaces, NULLs and empty lists included', async () => {
    const rows = (db: typeof t.db, op: 'in' | 'not in', values: (number | null)[]) =>
      db
        .selectFrom(sql<{ n: number | null }>`(SELECT * FROM (VALUES (1), (2), (3), (NULL::int)) AS x(n))`.as('v'))
        .select('v.n')
        .where(sql.ref('v.n'), op, values)
        .orderBy('v.n')
        .execute();
    const rewritten = t.db.withPlugin(plugin);
    for (const values of [[1, 3], [2, null], [4]]) {
      expect(await rows(rewritten, 'in', values)).toEqual(await rows(t.db, 'in', values));
      expect(await rows(rewritten, 'not in', values)).toEqual(await rows(t.db, 'not in', values));
    }
    expect(await rows(rewritten, 'in', [])).toEqual([]);
  });
});
