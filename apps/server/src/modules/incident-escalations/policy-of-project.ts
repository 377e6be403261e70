import type { Executor } from '../../db/executor';
import { notFound } from '../../errors';

/** The policy `id` of this project, for setting it on an incident; 404 when it is another project's or missing. */
export async function projectEscalationPolicyId(db: Executor, projectId: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('incident_management_escalation_policies')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw notFound('Escalation policy');
  return row.id;
}
