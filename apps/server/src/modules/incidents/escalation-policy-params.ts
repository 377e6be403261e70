import {
  ESCALATION_POLICY_DESCRIPTION_MAX,
  ESCALATION_POLICY_NAME_MAX,
  ESCALATION_RULE_STATUSES,
} from '@meridian/domain';
import { z } from 'zod';
import { parseInput } from '../../rest/params';

/** More rules than GitLab allows are refused by its own message; this only bounds the request. */
const RULES_LIMIT = 50;

const rule = z.object({
  status: z.enum(ESCALATION_RULE_STATUSES),
  elapsedTimeSeconds: z.number().int().min(-1_000_000).max(1_000_000),
  username: z.string().max(255).nullish(),
  oncallScheduleIid: z.string().max(64).nullish(),
});

const name = z.string().trim().min(1, "Name can't be blank").max(ESCALATION_POLICY_NAME_MAX);
const description = z.string().max(ESCALATION_POLICY_DESCRIPTION_MAX).nullish();
const rules = z.array(rule).max(RULES_LIMIT);

const createSchema = z.object({ name, description, rules });
const updateSchema = z.object({ name: name.optional(), description, rules: rules.nullish() });

export type EscalationPolicyInput = z.infer<typeof createSchema>;
export type EscalationPolicyUpdate = z.infer<typeof updateSchema>;

/** GitLab's EscalationPolicyCreateInput (statuses in lower case); 400 naming the field otherwise. */
export const parseEscalationPolicyCreate = (input: Record<string, unknown>): EscalationPolicyInput =>
  parseInput(createSchema, input);
export const parseEscalationPolicyUpdate = (input: Record<string, unknown>): EscalationPolicyUpdate =>
  parseInput(updateSchema, input);
