import {
  deploymentFrequency,
  type FrequencyBucket,
  type FrequencyInterval,
  frequencyRangeRefusal,
} from '@meridian/domain';
import type { Database } from '../../db/connection';
import { badRequest } from '../../errors';
import type { Actor } from '../../policy/actor';
import type { ProjectRow } from '../namespaces';
import { authorizeOnProject } from './deployment-access';

/**
 * IE-75: successful deployments of the project finished in [from, to), to production-tier
 * environments (or to the named environment), counted per interval. Reporters and up.
 */
export async function projectDeploymentFrequency(
  db: Database,
  actor: Actor | null,
  project: ProjectRow,
  opts: { from: Date; to?: Date; interval: FrequencyInterval; environment?: string },
): Promise<FrequencyBucket[]> {
  authorizeOnProject(actor, project, 'read');
  const to = opts.to ?? new Date();
  const refusal = frequencyRangeRefusal(opts.from, to);
  if (refusal) throw badRequest(refusal, refusal.startsWith('Parameter') ? 'to' : 'from');
  let q = db
    .selectFrom('deployments as d')
    .innerJoin('environments as e', 'e.id', 'd.environment_id')
    .select('d.finished_at')
    .where('d.project_id', '=', project.id)
    .where('d.status', '=', 'success')
    .where('d.finished_at', '>=', opts.from)
    .where('d.finished_at', '<', to);
  q = opts.environment === undefined ? q.where('e.tier', '=', 'production') : q.where('e.name', '=', opts.environment);
  const rows = await q.execute();
  return deploymentFrequency(
    rows.flatMap((r) => (r.finished_at ? [r.finished_at] : [])),
    opts.from,
    to,
    opts.interval,
  );
}
