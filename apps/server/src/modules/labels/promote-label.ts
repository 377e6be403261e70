import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { badRequest, conflict } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { assertCanAdminLabels, type LabelContainer } from './label-container';
import { findLabel, type LabelRow } from './labels.service';

/**
 * GitLab's label promotion: a project label becomes a label of the project's group. Every project
 * label with the same title in that group's projects is merged into it (issues, epics and merge
 * requests are re-labelled, subscriptions kept), then removed. Needs admin_label on the group.
 */
export async function promoteLabel(
  db: Database,
  actor: Actor | null,
  project: Extract<LabelContainer, { kind: 'project' }>,
  group: Extract<LabelContainer, { kind: 'group' }> | null,
  idOrTitle: string,
): Promise<LabelRow> {
  requireActor(actor);
  const label = await findLabel(db, actor, project, idOrTitle, false);
  if (!group) throw badRequest('Label cannot be promoted: the project does not belong to a group');
  assertCanAdminLabels(actor, group);
  const taken = await db
    .selectFrom('labels')
    .select('id')
    .where('title', '=', label.title)
    .where('group_id', 'in', group.group.traversal_ids)
    .executeTakeFirst();
  if (taken) throw conflict('Label already exists');
  return db.transaction().execute(async (trx) => {
    const promoted = await trx
      .insertInto('labels')
      .values({
        group_id: group.group.id,
        title: label.title,
        color: label.color,
        text_color: label.text_color,
        description: label.description,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const old = await trx
      .selectFrom('labels as l')
      .innerJoin('projects as p', 'p.id', 'l.project_id')
      .innerJoin('namespaces as n', 'n.id', 'p.namespace_id')
      .select('l.id')
      .where('l.title', '=', label.title)
      .where(sql<boolean>`n.traversal_ids @> ARRAY[${group.group.id}]::int[]`)
      .execute();
    const oldIds = old.map((r) => r.id);
    for (const table of ['issue_labels', 'epic_labels', 'merge_request_labels'] as const) {
      const owner = table === 'issue_labels' ? 'issue_id' : table === 'epic_labels' ? 'epic_id' : 'merge_request_id';
      await sql`INSERT INTO ${sql.table(table)} (${sql.ref(owner)}, label_id)
        SELECT DISTINCT ${sql.ref(owner)}, ${promoted.id}::int FROM ${sql.table(table)} WHERE label_id = ANY(${oldIds}::int[])
        ON CONFLICT DO NOTHING`.execute(trx);
    }
    await sql`INSERT INTO subscriptions (user_id, subscribable_type, subscribable_id, subscribed)
      SELECT DISTINCT ON (user_id) user_id, 'Label', ${promoted.id}::int, subscribed FROM subscriptions
      WHERE subscribable_type = 'Label' AND subscribable_id = ANY(${oldIds}::int[]) AND subscribed
      ON CONFLICT DO NOTHING`.execute(trx);
    await trx
      .deleteFrom('subscriptions')
      .where('subscribable_type', '=', 'Label')
      .where('subscribable_id', 'in', oldIds)
      .execute();
    await trx.deleteFrom('labels').where('id', 'in', oldIds).execute();
    return promoted;
  });
}
