import { combinedReads } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { entityLoaders } from './entity.loaders';
import { epicSidebarLoaders } from './epic-sidebar.loaders';
import { epicStatsLoaders } from './epic-stats.loaders';
import { epicSubListLoaders } from './epic-sub-lists.loaders';
import { issueLinkLoaders } from './issue-links.loaders';
import { issueSidebarLoaders } from './issue-sidebar.loaders';
import { iterationLoaders } from './iteration.loaders';
import { noteLoaders } from './note.loaders';
import { readableHtmlLoaders } from './readable-html.loaders';
import { workItemLoaders } from './work-item.loaders';

/**
 * Every batch loader of one request. The loaders a GraphQL level runs together (a page of tree rows
 * and their labels, assignees, counts…) share `read`: one SQL statement per level.
 */
export function createLoaders(db: Database, actor: Actor | null) {
  const read = combinedReads(db);
  return {
    ...entityLoaders(db, read),
    ...epicSidebarLoaders(db, actor),
    ...epicStatsLoaders(db, actor, read),
    ...epicSubListLoaders(db, actor, read),
    ...issueLinkLoaders(db, actor, read),
    ...issueSidebarLoaders(db, actor),
    ...iterationLoaders(db, actor),
    ...noteLoaders(db, actor),
    ...readableHtmlLoaders(db, actor),
    ...workItemLoaders(db, actor),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
