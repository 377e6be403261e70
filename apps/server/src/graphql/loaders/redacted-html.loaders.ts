import DataLoader from 'dataloader';
import type { Database } from '../../db/connection';
import { redactReferences } from '../../modules/markdown';
import type { Actor } from '../../policy/actor';

/** Stored HTML with the references the actor may not read turned back into text: one batch for every field of a request. */
export function redactedHtmlLoaders(db: Database, actor: Actor | null) {
  return {
    redactedHtml: new DataLoader<string, string>((htmls) => redactReferences(db, actor, [...htmls]), {
      cache: false,
    }),
  };
}
