import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import type { AiProvider } from './ai-provider';

/** What the AI services run with: the database, the caller (null when anonymous) and the provider. */
export interface AiContext {
  db: Database;
  actor: Actor | null;
  provider: AiProvider | null;
}
