import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { offsetPage } from '../../db/list-page';
import type { AwardEmojiTable } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';

export type AwardRow = Selectable<AwardEmojiTable>;

/** Something emoji can be awarded to, already known to be readable by the actor. */
export interface Awardable {
  type: 'Issue' | 'Epic' | 'MergeRequest' | 'Note';
  id: number;
}

/** Emoji names as GitLab stores them: lower-case letters, digits, `_`, `+`, `-` (e.g. `thumbsup`, `+1`). */
export const EMOJI_NAME = /^[a-z0-9_+-]{1,64}$/;

export async function listAwards(
  db: Database,
  a: Awardable,
  page: { page: number; perPage: number },
): Promise<{ rows: AwardRow[]; total: number }> {
  const base = db.selectFrom('award_emoji').where('awardable_type', '=', a.type).where('awardable_id', '=', a.id);
  return offsetPage(db, base.selectAll().orderBy('id'), base.select(sql`1`.as('one')), page);
}

/** Emoji a note's card shows at most (a page of GitLab's award list). */
export const NOTE_AWARDS_LIMIT = 100;

/**
 * The award emoji of many notes in one statement (the first NOTE_AWARDS_LIMIT of each, oldest
 * first), for a page of discussions: the notes are already known to be readable.
 */
export async function awardsOfNotes(db: Database, noteIds: number[]): Promise<Map<number, AwardRow[]>> {
  const byNote = new Map<number, AwardRow[]>();
  if (noteIds.length === 0) return byNote;
  const ranked = db
    .selectFrom('award_emoji')
    .selectAll()
    .select(sql<number>`row_number() OVER (PARTITION BY awardable_id ORDER BY id)`.as('rank'))
    .where('awardable_type', '=', 'Note')
    .where('awardable_id', 'in', noteIds)
    .as('ranked');
  const rows = await db.selectFrom(ranked).selectAll().where('rank', '<=', NOTE_AWARDS_LIMIT).orderBy('id').execute();
  for (const { rank: _rank, ...row } of rows) {
    const list = byNote.get(row.awardable_id) ?? [];
    list.push(row);
    byNote.set(row.awardable_id, list);
  }
  return byNote;
}

export async function findAward(db: Database, a: Awardable, awardId: number): Promise<AwardRow> {
  const row = await db
    .selectFrom('award_emoji')
    .selectAll()
    .where('awardable_type', '=', a.type)
    .where('awardable_id', '=', a.id)
    .where('id', '=', awardId)
    .executeTakeFirst();
  if (!row) throw notFound('Award Emoji');
  return row;
}

/**
 * Awards `name` from the actor. A second identical award is GitLab's
 * 404 "Award Emoji Name has already been taken"; a malformed name is a 400.
 */
export async function createAward(db: Database, actor: Actor | null, a: Awardable, rawName: string): Promise<AwardRow> {
  const me = requireActor(actor);
  const name = emojiName(rawName);
  const row = await db
    .insertInto('award_emoji')
    .values({ name, user_id: me.id, awardable_type: a.type, awardable_id: a.id })
    .onConflict((oc) => oc.columns(['awardable_type', 'awardable_id', 'user_id', 'name']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Award Emoji Name has already been taken');
  return row;
}

/** `name` or `:name:` as stored; a malformed name is a 400. */
function emojiName(rawName: string): string {
  const name = rawName.trim().replace(/^:(.*):$/, '$1');
  if (!EMOJI_NAME.test(name)) throw badRequest('name is invalid: not a valid emoji name', 'name');
  return name;
}

/** GitLab's `/react` (`/award`): takes the actor's award of `name` back, or gives it. */
export async function toggleAward(db: Database, actor: Actor | null, a: Awardable, rawName: string): Promise<void> {
  const me = requireActor(actor);
  const name = emojiName(rawName);
  const taken = await db
    .deleteFrom('award_emoji')
    .where('awardable_type', '=', a.type)
    .where('awardable_id', '=', a.id)
    .where('user_id', '=', me.id)
    .where('name', '=', name)
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) === 0) await createAward(db, me, a, name);
}

/** Only the awarder (or an admin) may take an award back. */
export async function deleteAward(db: Database, actor: Actor | null, a: Awardable, awardId: number): Promise<void> {
  const me = requireActor(actor);
  const award = await findAward(db, a, awardId);
  if (award.user_id !== me.id && !me.admin) throw forbidden();
  await db.deleteFrom('award_emoji').where('id', '=', award.id).execute();
}
