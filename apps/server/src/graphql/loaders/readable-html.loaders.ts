import DataLoader from 'dataloader';
import type { Database } from '../../db/connection';
import { readableHtml, type StoredHtml } from '../../modules/markdown';
import type { Actor } from '../../policy/actor';

/**
 * A row's HTML as the actor is shown it (`readableHtml`: rendered now when an import left it unrendered,
 * references the actor may not read turned back into text): one batch for every field of a request.
 */
export function readableHtmlLoaders(db: Database, actor: Actor | null) {
  return {
    readableHtml: new DataLoader<StoredHtml, string, string>((rows) => readableHtml(db, actor, rows), {
      cache: false,
    }),
  };
}
