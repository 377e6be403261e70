import type { AppContext } from '../../context';
import { webUrl } from '../namespaces';
import { cadenceSchedule } from './cadence-schedule';
import { iterationState, iterationStateCode } from './iteration-state';
import type { CadenceRow, IterationRow } from './iterations.service';

/** GitLab's Iteration entity; `state` is numeric (1 upcoming, 2 current, 3 closed) as in GitLab's REST API. */
export function presentIteration(
  ctx: Pick<AppContext, 'config'>,
  it: IterationRow,
  groupPaths: Map<number, string>,
  today: string,
) {
  return {
    id: it.id,
    iid: it.iid,
    sequence: it.sequence,
    group_id: it.group_id,
    iteration_cadence_id: it.iterations_cadence_id,
    title: it.title,
    description: it.description || null,
    state: iterationStateCode[iterationState(it.start_date, it.due_date, today)],
    created_at: it.created_at.toISOString(),
    updated_at: it.updated_at.toISOString(),
    start_date: it.start_date,
    due_date: it.due_date,
    web_url: webUrl(ctx, `groups/${groupPaths.get(it.group_id) ?? ''}/-/iterations/${it.id}`),
  };
}

export function presentCadence(c: CadenceRow) {
  return {
    id: c.id,
    group_id: c.group_id,
    title: c.title,
    description: c.description || null,
    ...cadenceSchedule(c),
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
