import { sql } from 'kysely';
import { linkExists, linkInvolving } from '../../../db/link-between';
import { badRequest, conflict, forbidden, notFound } from '../../../errors';
import { canEpic } from '../../../policy/abilities';
import type { Actor } from '../../../policy/actor';
import { requireActor } from '../../../policy/require-actor';
import { type EpicRow, type Executor, epicSelect, epicVisible } from '../epic-query';
import { epicSubject, findEpicById } from '../epics.service';

/** Link types as seen from one epic; `is_blocked_by` is stored as a reversed `blocks`. */
export type EpicLinkType = 'relates_to' | 'blocks' | 'is_blocked_by';

export type RelatedEpicRow = EpicRow & {
  related_epic_link_id: number;
  link_type: EpicLinkType;
  link_created_at: Date;
};

/** The epics linked to `epic` that the actor may read, with the link seen from `epic`. */
export async function listRelatedEpics(db: Executor, actor: Actor | null, epic: EpicRow): Promise<RelatedEpicRow[]> {
  const rows = await epicSelect(db)
    .innerJoin('epic_links as l', (j) =>
      j.on(
        sql<boolean>`(l.source_id = ${epic.id} AND l.target_id = e.id) OR (l.target_id = ${epic.id} AND l.source_id = e.id)`,
      ),
    )
    .select([
      'l.id as related_epic_link_id',
      'l.link_type as stored_type',
      'l.source_id as link_source_id',
      'l.created_at as link_created_at',
    ])
    .where(epicVisible(actor))
    .orderBy('l.id')
    .execute();
  return rows.map(({ stored_type, link_source_id, ...r }) => ({
    ...r,
    link_type: stored_type === 'blocks' ? (link_source_id === epic.id ? 'blocks' : 'is_blocked_by') : 'relates_to',
  }));
}

/**
 * POST /groups/:id/epics/:epic_iid/related_epics. 404 when the target is unreadable, 403 without
 * admin rights on both epics, 400 for a self link, 409 when the two are already linked.
 */
export async function createEpicLink(
  db: Executor,
  actorOrNull: Actor | null,
  epic: EpicRow,
  target: EpicRow,
  linkType: EpicLinkType,
): Promise<{ id: number; source: EpicRow; target: EpicRow; linkType: EpicLinkType }> {
  const actor = requireActor(actorOrNull);
  if (!canEpic(actor, 'admin_epic_relation', epicSubject(epic))) throw forbidden();
  if (!canEpic(actor, 'admin_epic_relation', epicSubject(target))) throw forbidden();
  if (target.id === epic.id)
    throw badRequest('target_epic_iid is invalid: an epic cannot be related to itself', 'target_epic_iid');
  const [source, dest] = linkType === 'is_blocked_by' ? [target, epic] : [epic, target];
  if (await linkExists(db, 'epic_links', epic.id, target.id)) throw conflict('Epic(s) already assigned');
  const row = await db
    .insertInto('epic_links')
    .values({
      source_id: source.id,
      target_id: dest.id,
      link_type: linkType === 'relates_to' ? 'relates_to' : 'blocks',
    })
    // A concurrent create of the same (or the reversed) pair won: the unordered-pair index says so.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw conflict('Epic(s) already assigned');
  return { id: row.id, source: epic, target, linkType };
}

/** DELETE /groups/:id/epics/:epic_iid/related_epics/:related_epic_link_id. */
export async function deleteEpicLink(
  db: Executor,
  actorOrNull: Actor | null,
  epic: EpicRow,
  linkId: number,
): Promise<{ source: EpicRow; target: EpicRow; linkType: EpicLinkType }> {
  const actor = requireActor(actorOrNull);
  const link = await linkInvolving(db, 'epic_links', linkId, epic.id);
  if (!link) throw notFound('Related Epic Link');
  const otherId = link.source_id === epic.id ? link.target_id : link.source_id;
  const other = await findEpicById(db, actor, otherId).catch(() => {
    throw notFound('Related Epic Link');
  });
  if (!canEpic(actor, 'admin_epic_relation', epicSubject(epic))) throw forbidden();
  await db.deleteFrom('epic_links').where('id', '=', link.id).execute();
  const linkType: EpicLinkType =
    link.link_type === 'blocks' ? (link.source_id === epic.id ? 'blocks' : 'is_blocked_by') : 'relates_to';
  return { source: epic, target: other, linkType };
}
