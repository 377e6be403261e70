import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/**
 * The ids of the users named (case-insensitive, as GitLab matches usernames), in the order named;
 * unknown names are left out. Whether each may be assigned is the caller's service's question.
 */
export async function userIdsByUsernames(db: Executor, usernames: readonly string[]): Promise<number[]> {
  const wanted = [...new Set(usernames.map((u) => u.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', sql<string>`lower(username)`.as('name')])
    .where(sql<string>`lower(username)`, 'in', wanted)
    .execute();
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return wanted.flatMap((name) => byName.get(name) ?? []);
}
