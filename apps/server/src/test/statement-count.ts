import { expect } from 'vitest';

/** What counts the SQL statements sent: `TestApp.database`, `StartedServer.database`. */
interface CountsStatements {
  queryCount(): number;
}

/** How many SQL statements `run` sends through `database`. */
export async function countStatements(database: CountsStatements, run: () => Promise<unknown>): Promise<number> {
  const before = database.queryCount();
  await run();
  return database.queryCount() - before;
}

/**
 * No N+1: `load` at the `small` then the `large` size costs the same number of statements, at most
 * `max`. Returns that number.
 */
export async function expectFixedStatements(
  database: CountsStatements,
  load: (size: number) => Promise<unknown>,
  [small, large]: readonly [number, number],
  max: number,
): Promise<number> {
  const few = await countStatements(database, () => load(small));
  const many = await countStatements(database, () => load(large));
  expect(many, `${small} → ${few} statements, ${large} → ${many}`).toBe(few);
  expect(many).toBeLessThanOrEqual(max);
  return many;
}
