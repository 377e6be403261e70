import type { ReadRows } from '../../db/combined-reads';
import type { Database } from '../../db/connection';
import type { EpicFilters } from '../../modules/epics';
import {
  childEpicCounts,
  childEpicPages,
  type EpicIssueTreeRow,
  epicIssueCounts,
  epicIssuePages,
} from '../../modules/epics';
import type { Actor } from '../../policy/actor';
import type { EpicRow } from './rows';
import { subListCountLoader, subListPageLoader } from './sub-list';

/**
 * Epic.children and Epic.issues for every parent of a GraphQL level at once: one statement per
 * level, one more when `count` is selected. The reads are the epics module's; these only batch.
 */
export function epicSubListLoaders(db: Database, actor: Actor | null, read: ReadRows) {
  return {
    childEpics: subListPageLoader<EpicFilters, EpicRow>((keys) => childEpicPages(db, actor, read, keys)),
    childEpicCount: subListCountLoader<EpicFilters>((keys) => childEpicCounts(db, actor, read, keys)),
    epicIssues: subListPageLoader<null, EpicIssueTreeRow>((keys) => epicIssuePages(db, actor, read, keys)),
    epicIssueCount: subListCountLoader<null>((keys) => epicIssueCounts(db, actor, read, keys)),
  };
}
