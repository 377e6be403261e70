import type { Database } from '../../db/connection';
import { DomainError, serviceUnavailable } from '../../errors';
import type { Actor } from '../../policy/actor';
import { requireActor } from '../../policy/require-actor';
import { userMayUseAi } from '../groups';
import type { AiProvider } from './ai-provider';

/** GitLab's answer (`Llm::BaseService::INVALID_MESSAGE`, with 404) when AI is off for the caller. */
export const AI_NOT_ENABLED = 'AI features are not enabled or resource is not permitted to be sent.';

export const AI_NOT_CONFIGURED =
  '503 AI features are not configured on this instance: an administrator sets AI_BASE_URL (and AI_MODEL) to an OpenAI-compatible provider';

/**
 * The gate of the AI endpoints that have no group in context: signed in (401), AI allowed for the
 * caller (`userMayUseAi`: the instance switch, and one of their groups allowing GitLab Duo; else
 * GitLab's 404).
 */
export async function assertAiAllowed(db: Database, actorOrNull: Actor | null): Promise<Actor> {
  const actor = requireActor(actorOrNull);
  if (!(await userMayUseAi(db, actor.id))) throw new DomainError('not_found', AI_NOT_ENABLED);
  return actor;
}

export function requireProvider(provider: AiProvider | null): AiProvider {
  if (!provider) throw serviceUnavailable(AI_NOT_CONFIGURED);
  return provider;
}
