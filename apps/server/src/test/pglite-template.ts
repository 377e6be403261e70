import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { connect } from '../db/connection';
import { migrate } from '../db/migrate';
import { migrationsHash } from './migrations-hash';

/**
 * A fresh PGlite costs ~5 s (initdb) plus the migrations. Tests instead load a migrated template
 * (a dumped data dir, ~1 s), built once per set of migrations and kept in the temp folder.
 */
function templatePath(): string {
  return join(tmpdir(), `meridian-pglite-template-${migrationsHash()}.tar.gz`);
}

export async function ensurePgliteTemplate(): Promise<string> {
  const path = templatePath();
  if (existsSync(path)) return path;
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const handle = await connect({ pglite });
  await migrate(handle.db);
  await handle.db.destroy();
  const dump = await pglite.dumpDataDir('gzip');
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  const { renameSync } = await import('node:fs');
  renameSync(tmp, path);
  await pglite.close();
  return path;
}

export async function openMigratedPglite(): Promise<PGlite> {
  const path = await ensurePgliteTemplate();
  const blob = new Blob([readFileSync(path)]);
  return PGlite.create({ loadDataDir: blob, extensions: { pg_trgm } });
}
