import { confidentialityChangeProblem, type IssueBackedType, workItemTypeOf } from '@meridian/domain';
import type { Executor } from '../../db/executor';
import { badRequest } from '../../errors';

/**
 * GitLab's work-item confidentiality rule over parent links (tasks, objectives, key results), checked
 * when an issue-backed item's confidentiality changes: 400 when it would leave a confidential parent
 * with a public child. Runs inside the update's transaction, on the rows as they are about to be.
 */
export async function assertParentLinkConfidentiality(
  trx: Executor,
  issue: { id: number; issue_type: string },
  confidential: boolean,
): Promise<void> {
  const parent = confidential
    ? undefined
    : await trx
        .selectFrom('work_item_parent_links as l')
        .innerJoin('issues as p', 'p.id', 'l.parent_issue_id')
        .select(['p.issue_type', 'p.confidential'])
        .where('l.child_issue_id', '=', issue.id)
        .executeTakeFirst();
  const publicChild = confidential
    ? await trx
        .selectFrom('work_item_parent_links as l')
        .innerJoin('issues as c', 'c.id', 'l.child_issue_id')
        .select('c.id')
        .where('l.parent_issue_id', '=', issue.id)
        .where('c.confidential', '=', false)
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const typeName = (type: string) => workItemTypeOf(type as IssueBackedType).name;
  const problem = confidentialityChangeProblem(
    { typeName: typeName(issue.issue_type), confidential },
    {
      parent: parent ? { typeName: typeName(parent.issue_type), confidential: parent.confidential } : null,
      hasPublicChildren: publicChild !== undefined,
    },
  );
  if (problem) throw badRequest(problem, 'confidential');
}
