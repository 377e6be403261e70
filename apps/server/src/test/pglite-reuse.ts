import type { PGlite } from '@electric-sql/pglite';
import { openMigratedPglite } from './pglite-template';

/**
 * A worker's spare migrated PGlite, handed from one test file to the next. Vitest runs a worker's
 * server files one after another in one module graph (`isolate: false`), so a database a file is done
 * with can serve the next: emptied back to the template's state it costs ~0.15 s instead of the ~1.4 s
 * of starting PGlite from the template (docs/TESTING.md). An instance whose schema or roles a file
 * changed is closed, never handed on: the next file then starts from the template as before.
 */
let spare: PGlite | undefined;

/** What the template's schema is made of, so a file that changed it (DDL, roles) is noticed. */
const SCHEMA_FINGERPRINT = `
  SELECT md5(concat_ws('|',
    (SELECT string_agg(concat_ws(':', c.oid, c.relname, c.relkind, c.relnatts), ',' ORDER BY c.oid)
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
        AND n.nspname NOT LIKE 'pg_temp%'),
    (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_proc WHERE pronamespace <> 'pg_catalog'::regnamespace
        AND pronamespace <> 'information_schema'::regnamespace),
    (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_trigger),
    (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_constraint),
    (SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_type WHERE typnamespace = 'public'::regnamespace),
    (SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles),
    (SELECT count(*) FROM pg_db_role_setting),
    (SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_migrations)
  )) AS fingerprint`;

/** Per instance, read once when it is opened: its schema's fingerprint and the statements that empty it. */
const templates = new WeakMap<PGlite, { fingerprint: string; emptying: string }>();

async function fingerprintOf(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

/**
 * Every table but the migrations' emptied with its identities restarted, every other sequence
 * restarted, the planner's statistics forgotten: one script, for the schema as the template made it.
 */
async function emptyingScript(pglite: PGlite): Promise<string> {
  const { rows: tables } = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`,
  );
  const { rows: sequences } = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'`,
  );
  return [
    `TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE;`,
    ...sequences.map(({ name }) => `ALTER SEQUENCE ${name} RESTART;`),
    `DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace);`,
  ].join('\n');
}

/** A migrated PGlite for a test file: the spare one when the worker has it, else one from the template. */
export async function takeMigratedPglite(): Promise<PGlite> {
  const reused = spare;
  spare = undefined;
  if (reused) return reused;
  const pglite = await openMigratedPglite();
  templates.set(pglite, { fingerprint: await fingerprintOf(pglite), emptying: await emptyingScript(pglite) });
  return pglite;
}

/**
 * Empties the database back to the template's state: the session's state dropped (settings, prepared
 * statements, temporary tables, advisory locks, listeners), then `emptyingScript`. Answers false when
 * the schema is not the template's any more.
 */
async function emptyToTemplate(pglite: PGlite): Promise<boolean> {
  const template = templates.get(pglite);
  if (!template) return false;
  if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
  await pglite.exec('DISCARD ALL');
  if ((await fingerprintOf(pglite)) !== template.fingerprint) return false;
  await pglite.exec(template.emptying);
  return true;
}

/** Takes back a test file's PGlite: kept as the worker's spare when it can be emptied, else closed. */
export async function giveBackPglite(pglite: PGlite): Promise<void> {
  if (!spare && !pglite.closed) {
    const emptied = await emptyToTemplate(pglite).catch(() => false);
    if (emptied) {
      spare = pglite;
      return;
    }
  }
  if (!pglite.closed) await pglite.close();
}
