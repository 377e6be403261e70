import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { presentMergeRequest } from './merge-requests.presenter';
import { loadMergeRequestDetails } from './mr-details';
import type { MergeRequestRow } from './mr-query';

/** One merge request the actor reads, in GitLab's REST shape, for answers that embed it (a status check response). */
export async function presentMergeRequestFor(
  ctx: Pick<AppContext, 'config'>,
  db: Database,
  actor: Actor | null,
  row: MergeRequestRow,
  contextPath: string,
) {
  const details = await loadMergeRequestDetails(db, actor, [row]);
  return presentMergeRequest(ctx, row, details, { contextPath });
}
