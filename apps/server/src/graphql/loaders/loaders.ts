import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { entityLoaders } from './entity.loaders';
import { epicStatsLoaders } from './epic-stats.loaders';
import { epicSubListLoaders } from './epic-sub-lists.loaders';
import { issueLinkLoaders } from './issue-links.loaders';
import { iterationLoaders } from './iteration.loaders';
import { redactedHtmlLoaders } from './redacted-html.loaders';
import { workItemLoaders } from './work-item.loaders';

/** Every batch loader of one request. */
export function createLoaders(db: Database, actor: Actor | null) {
  return {
    ...entityLoaders(db),
    ...epicStatsLoaders(db, actor),
    ...epicSubListLoaders(db, actor),
    ...issueLinkLoaders(db, actor),
    ...iterationLoaders(db, actor),
    ...redactedHtmlLoaders(db, actor),
    ...workItemLoaders(db, actor),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
