import { positionBetween, rebalancedPositions } from '@meridian/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection';
import type { DB } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { canIssue } from '../../policy/abilities';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import type { ProjectRow } from '../namespaces';
import { findIssue, issueSubject } from './issues.service';

/** Re-spreads every issue position of the project evenly, keeping the current order. */
async function rebalanceProject(trx: Transaction<DB>, projectId: number): Promise<void> {
  const rows = await trx
    .selectFrom('issues')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy(sql`relative_position ASC NULLS LAST`)
    .orderBy('id')
    .execute();
  const positions = rebalancedPositions(rows.length);
  if (rows.length === 0) return;
  await sql`UPDATE issues AS i SET relative_position = v.pos
    FROM unnest(${rows.map((r) => r.id)}::int[], ${positions}::int[]) AS v(id, pos)
    WHERE i.id = v.id`.execute(trx);
}

async function neighbourPosition(trx: Transaction<DB>, projectId: number, id: number | undefined, field: string) {
  if (id === undefined) return null;
  const row = await trx
    .selectFrom('issues')
    .select('relative_position')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw badRequest(`${field} is invalid`, field);
  return row.relative_position;
}

/**
 * PUT /projects/:id/issues/:iid/reorder: places the issue between `move_before_id` (the issue that
 * ends up above it) and `move_after_id` (the one below), by global issue id, as GitLab does.
 * Rebalances the project's positions when the neighbours leave no gap.
 */
export async function reorderIssue(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  iid: number,
  moves: { move_before_id?: number; move_after_id?: number },
): Promise<void> {
  const me = requireActor(actor);
  const issue = await findIssue(db, me, project.id, iid);
  if (!canIssue(me, 'update_issue', await issueSubject(db, issue))) throw forbidden();
  if (moves.move_before_id === undefined && moves.move_after_id === undefined) {
    throw badRequest(
      'move_before_id, move_after_id are missing, at least one parameter must be provided',
      'move_after_id',
    );
  }
  await db.transaction().execute(async (trx) => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const before = await neighbourPosition(trx, project.id, moves.move_before_id, 'move_before_id');
      const after = await neighbourPosition(trx, project.id, moves.move_after_id, 'move_after_id');
      const result = positionBetween(before, after);
      if (result.position !== null) {
        await trx
          .updateTable('issues')
          .set({ relative_position: result.position })
          .where('id', '=', issue.id)
          .execute();
        return;
      }
      await rebalanceProject(trx, project.id);
    }
    throw notFound('Position');
  });
}
