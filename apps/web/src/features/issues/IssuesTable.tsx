import { appPathFromWebUrl, projectPathOf, urls } from '../../lib/paths';
import type { Issue } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { type Column, Table } from '../../ui/Table';
import { IssuableMeta } from '../shared/IssuableMeta';
import { activityColumn, ConfidentialMark, rowReference, TitleCell, titleColumn } from '../shared/IssuableRowParts';
import { IssuableStats } from '../shared/IssuableStats';
import { Assignees } from '../shared/People';
import { BlockedByMark } from './BlockedByMark';

export function issueHref(issue: Issue, fallbackProjectPath?: string): string {
  const projectPath = projectPathOf(issue) ?? fallbackProjectPath;
  if (projectPath) return urls.issue(projectPath, issue.iid);
  return appPathFromWebUrl(issue.web_url) ?? '#';
}

/**
 * Issues as GitLab lists them: title, then reference, author, milestone and due date, labels; at the
 * right assignees, counters (weight, votes, comments) and when it was updated.
 */
export function IssuesTable({
  issues,
  projectPath,
  showProject,
}: {
  issues: Issue[];
  projectPath?: string;
  showProject?: boolean;
}) {
  const columns: Column<Issue>[] = [
    titleColumn((issue) => (
      <TitleCell
        item={issue}
        href={issueHref(issue, projectPath)}
        reference={rowReference(issue, '#', showProject === true)}
        marks={
          <>
            {issue.confidential && <ConfidentialMark />}
            {issue.state === 'opened' && (issue.blocked_by_count ?? 0) > 0 && (
              <BlockedByMark
                projectPath={projectPathOf(issue) ?? projectPath ?? ''}
                iid={issue.iid}
                count={issue.blocked_by_count ?? 0}
                issueHref={issueHref(issue, projectPath)}
              />
            )}
          </>
        }
      >
        <IssuableMeta milestone={issue.milestone} dueDate={issue.due_date} closed={issue.state === 'closed'} />
      </TitleCell>
    )),
    {
      key: 'assignees',
      header: 'Assignees',
      width: '110px',
      align: 'end',
      secondary: true,
      render: (issue) => (issue.assignees?.length ? <Assignees users={issue.assignees} /> : null),
    },
    activityColumn((issue) => (
      <>
        {issue.state === 'closed' && <Badge variant="info">Closed</Badge>}
        <IssuableStats
          comments={issue.user_notes_count}
          upvotes={issue.upvotes}
          downvotes={issue.downvotes}
          weight={issue.weight}
        />
      </>
    )),
  ];
  return <Table caption="Issues" columns={columns} rows={issues} rowKey={(issue) => issue.id} />;
}
