import { createHash } from 'node:crypto';
import { listMigrations } from '../db/migrate';

/** 16 hex digits naming the current set of migrations, for the test database templates. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  // The version too: a renumbered migration must not reuse a template that applied it under its old number.
  for (const m of listMigrations()) hash.update(`${m.version}\n${m.sql}`);
  return hash.digest('hex').slice(0, 16);
}
