import type { Selectable } from 'kysely';
import type { Database } from '../../db/connection';
import type { GeoNodesTable } from '../../db/schema';
import { rejectDuplicate } from '../../db/unique-violation';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireAdmin } from '../../policy/require-actor';
import { parseInput } from '../../rest/params';
import { createGeoSiteSchema, type UpdateGeoSiteInput, updateGeoSiteSchema } from './geo-site-params';

export type GeoSiteRow = Selectable<GeoNodesTable>;

/** GitLab's validation messages for the two uniqueness rules (a name, and one primary). */
const NAME_TAKEN = 'Name has already been taken';
const PRIMARY_TAKEN = 'Primary node already exists';

/** Which rule a unique violation broke: the index on the primary flag, or the name's. */
function duplicateError(input: UpdateGeoSiteInput) {
  return () => (input.primary ? badRequest(PRIMARY_TAKEN, 'primary') : badRequest(NAME_TAKEN, 'name'));
}

export async function listGeoSites(db: Database, actor: Actor | null): Promise<GeoSiteRow[]> {
  requireAdmin(actor);
  return db.selectFrom('geo_nodes').selectAll().orderBy('primary', 'desc').orderBy('id').execute();
}

export async function getGeoSite(db: Database, actor: Actor | null, id: number): Promise<GeoSiteRow> {
  requireAdmin(actor);
  const row = await db.selectFrom('geo_nodes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('GeoNode');
  return row;
}

/** The administrator check comes before the input's: nobody else learns anything of the schema. */
export async function createGeoSite(db: Database, actor: Actor | null, params: unknown): Promise<GeoSiteRow> {
  requireAdmin(actor);
  const input = parseInput(createGeoSiteSchema, params);
  return rejectDuplicate(
    () => db.insertInto('geo_nodes').values(input).returningAll().executeTakeFirstOrThrow(),
    duplicateError(input),
  );
}

export async function updateGeoSite(
  db: Database,
  actor: Actor | null,
  id: number,
  params: unknown,
): Promise<GeoSiteRow> {
  await getGeoSite(db, actor, id);
  const input = parseInput(updateGeoSiteSchema, params);
  return rejectDuplicate(
    () =>
      db
        .updateTable('geo_nodes')
        .set({ ...input, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    duplicateError(input),
  );
}

export async function deleteGeoSite(db: Database, actor: Actor | null, id: number): Promise<void> {
  await getGeoSite(db, actor, id);
  await db.deleteFrom('geo_nodes').where('id', '=', id).execute();
}

/**
 * The primary site's URL as its administrators entered it, and the address other sites reach it at
 * (its internal URL, else the URL); null while no site is marked primary.
 */
export async function primarySite(db: Database): Promise<{ url: string; internalUrl: string } | null> {
  const row = await db
    .selectFrom('geo_nodes')
    .select(['url', 'internal_url'])
    .where('primary', '=', true)
    .executeTakeFirst();
  return row ? { url: row.url, internalUrl: row.internal_url ?? row.url } : null;
}
