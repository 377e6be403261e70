import type { AppContext } from '../../context';
import type { Database } from '../../db/connection';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../policy/actor';
import { epicSelect, epicVisible } from '../epics';
import { editStamp } from '../issuables';
import { fullPathOf, webUrl } from '../namespaces';
import { type IssueRow, issueQuery, issueVisibility } from './issues-query';

/** Where a closed issue went, as GitLab's issue page state names it; null where there is none or the reader may not see it. */
export interface ClosedAsLinks {
  duplicated_to_issue_url: string | null;
  moved_to_issue_url: string | null;
  promoted_to_epic_url: string | null;
}

type Source = Pick<IssueRow, 'duplicated_to_id' | 'moved_to_id' | 'promoted_to_epic_id'>;

/**
 * IE §2.1: the closed issue's header links to the issue it duplicates, the issue it moved to or the
 * epic it was promoted to. Targets the actor may not read stay null, so a link never reveals an item
 * the reader could not open. At most two statements, and none for issues that went nowhere.
 */
export async function closedAsLinks(
  db: Database,
  ctx: Pick<AppContext, 'config'>,
  actor: Actor | null,
  issue: Source,
): Promise<ClosedAsLinks> {
  const issueIds = [issue.duplicated_to_id, issue.moved_to_id].filter((id): id is number => id !== null);
  const [issues, epic] = await Promise.all([
    issueIds.length
      ? issueQuery(db)
          .select(fullPathOf('n.traversal_ids').as('namespace_path'))
          .where('i.id', 'in', issueIds)
          .where(issueVisibility(actor))
          .execute()
      : [],
    issue.promoted_to_epic_id === null
      ? undefined
      : epicSelect(db).where('e.id', '=', issue.promoted_to_epic_id).where(epicVisible(actor)).executeTakeFirst(),
  ]);
  const issueUrl = (id: number | null) => {
    const row = issues.find((r) => r.id === id);
    return row ? webUrl(ctx, `${row.namespace_path}/${row.project_path}/-/issues/${row.iid}`) : null;
  };
  return {
    duplicated_to_issue_url: issueUrl(issue.duplicated_to_id),
    moved_to_issue_url: issueUrl(issue.moved_to_id),
    promoted_to_epic_url: epic ? webUrl(ctx, `groups/${epic.group_full_path}/-/epics/${epic.iid}`) : null,
  };
}

/** Closes `issue` as moved to another issue or promoted to an epic (keeping a first close's time and closer); the row after. */
export function closeIssueAs(
  db: Executor,
  issue: Pick<IssueRow, 'id' | 'closed_at' | 'closed_by_id'>,
  actorId: number,
  destination: { moved_to_id: number } | { promoted_to_epic_id: number },
) {
  return db
    .updateTable('issues')
    .set({
      state: 'closed',
      closed_at: issue.closed_at ?? new Date(),
      closed_by_id: issue.closed_by_id ?? actorId,
      ...destination,
      ...editStamp(actorId),
    })
    .where('id', '=', issue.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
