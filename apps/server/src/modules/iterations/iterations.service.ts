import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { offsetPage } from '../../db/list-page';
import type { IterationsCadencesTable, IterationsTable } from '../../db/schema';
import { forbidden } from '../../errors';
import { groupAccessLevel } from '../../policy/abilities';
import { AccessLevel } from '../../policy/access-levels';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { nextIid } from '../internal-ids';
import type { GroupRow } from '../namespaces';
import { plannedIterations } from './iteration-state';

export type IterationRow = Selectable<IterationsTable>;
export type CadenceRow = Selectable<IterationsCadencesTable>;

export async function listCadences(
  db: Database,
  group: GroupRow,
  page: { page: number; perPage: number },
): Promise<{ rows: CadenceRow[]; total: number }> {
  const q = db.selectFrom('iterations_cadences').where('group_id', '=', group.id);
  return offsetPage(db, q.selectAll().orderBy('id'), q.select(sql`1`.as('one')), page);
}

export interface CreateCadenceInput {
  title: string;
  description?: string;
  start_date?: string | null;
  duration_in_weeks?: number | null;
  iterations_in_advance?: number | null;
  automatic: boolean;
  active: boolean;
  roll_over: boolean;
}

/**
 * Creates a cadence (Planner and above on the group). An automatic cadence also creates its
 * iterations: back to back from start_date, through today and `iterations_in_advance` ahead.
 */
export async function createCadence(
  db: Database,
  actor: Actor | null,
  group: GroupRow,
  input: CreateCadenceInput,
  today: string,
): Promise<CadenceRow> {
  const me = requireActor(actor);
  const groupSubject = { traversalIds: group.traversal_ids };
  if (!me.admin && groupAccessLevel(me, groupSubject) < AccessLevel.PLANNER) throw forbidden();
  return db.transaction().execute(async (trx) => {
    const cadence = await trx
      .insertInto('iterations_cadences')
      .values({
        group_id: group.id,
        title: input.title,
        description: input.description ?? '',
        automatic: input.automatic,
        active: input.active,
        roll_over: input.roll_over,
        start_date: input.start_date ?? null,
        duration_in_weeks: input.duration_in_weeks ?? null,
        iterations_in_advance: input.iterations_in_advance ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (input.automatic && input.start_date && input.duration_in_weeks) {
      const planned = plannedIterations(
        input.start_date,
        input.duration_in_weeks,
        input.iterations_in_advance ?? 0,
        today,
      );
      let sequence = 0;
      for (const p of planned) {
        sequence += 1;
        const iid = await nextIid(trx, 'iterations', group.id);
        await trx
          .insertInto('iterations')
          .values({
            iid,
            iterations_cadence_id: cadence.id,
            group_id: group.id,
            sequence,
            start_date: p.startDate,
            due_date: p.dueDate,
          })
          .execute();
      }
    }
    return cadence;
  });
}
