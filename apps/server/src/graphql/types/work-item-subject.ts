import { epicSubject } from '../../modules/epics';
import { issueSubjectOf } from '../../modules/issues';
import type { WorkItem } from '../../modules/work-items';
import type { EpicSubject, IssueSubject } from '../../policy/subjects';
import type { GraphQLContext } from '../context';

/** The policy subject of a work item (assignees from the request's loader). */
export async function workItemSubject(c: GraphQLContext, item: WorkItem): Promise<IssueSubject | EpicSubject> {
  if (item.kind === 'epic') return epicSubject(item.row);
  const assignees = await c.loaders.issueAssignees.load(item.row.id);
  return issueSubjectOf(
    item.row,
    assignees.map((a) => a.id),
  );
}
