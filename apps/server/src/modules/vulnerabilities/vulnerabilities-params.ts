import { vulnerabilitySeverities, vulnerabilityStates } from '@meridian/domain';
import { z } from 'zod';
import { gitlabId } from '../../rest/gitlab-list-params';
import { pageParams } from '../../rest/pagination';

/** `state=detected,confirmed` or `state[]=detected&state[]=confirmed`, as GitLab's finders take them. */
function listOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : v),
    z.array(z.enum(values)).max(values.length * 2),
  );
}

export const vulnerabilityListSchema = pageParams.extend({
  state: listOf(vulnerabilityStates).optional(),
  severity: listOf(vulnerabilitySeverities).optional(),
});

export const severityCountsSchema = z.object({ state: listOf(vulnerabilityStates).optional() });

/** The optional comment GitLab's state actions take (up to 50,000 characters); not kept. */
export const stateActionSchema = z.object({ comment: z.string().max(50_000).optional() });

export const issueLinkCreateSchema = z.object({
  target_issue_iid: gitlabId,
  target_project_id: z
    .union([z.string().min(1).max(1000), z.number().int().min(1)])
    .transform(String)
    .optional(),
  link_type: z.enum(['related', 'created']).default('related'),
});
