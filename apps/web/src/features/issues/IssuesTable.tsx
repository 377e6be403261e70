import { AppLink } from '../../lib/AppLink';
import { appPathFromWebUrl, projectPathOf, urls } from '../../lib/paths';
import type { Issue } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { LabelList } from '../../ui/LabelBadge';
import { type Column, Table } from '../../ui/Table';
import { IssuableMeta } from '../shared/IssuableMeta';
import { ActivityCell, ConfidentialMark, CreatedBy } from '../shared/IssuableRowParts';
import { IssuableStats } from '../shared/IssuableStats';
import { Assignees } from '../shared/People';
import titleLineStyles from '../shared/TitleLine.module.css';
import styles from './IssuesTable.module.css';

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
    {
      key: 'title',
      header: 'Title',
      render: (issue) => (
        <div className={styles.titleCell}>
          <div className={titleLineStyles.titleLine}>
            {issue.confidential && <ConfidentialMark />}
            <AppLink href={issueHref(issue, projectPath)} className={styles.title}>
              {issue.title}
            </AppLink>
          </div>
          <div className={styles.meta}>
            <span>{showProject ? (issue.references?.full ?? `#${issue.iid}`) : `#${issue.iid}`}</span>
            <CreatedBy createdAt={issue.created_at} author={issue.author} />
            <IssuableMeta milestone={issue.milestone} dueDate={issue.due_date} closed={issue.state === 'closed'} />
          </div>
          <LabelList labels={issue.labels ?? []} />
        </div>
      ),
    },
    {
      key: 'assignees',
      header: 'Assignees',
      width: '110px',
      align: 'end',
      secondary: true,
      render: (issue) => (issue.assignees?.length ? <Assignees users={issue.assignees} /> : null),
    },
    {
      key: 'activity',
      header: 'Activity',
      width: '190px',
      align: 'end',
      render: (issue) => (
        <ActivityCell updatedAt={issue.updated_at ?? issue.created_at}>
          {issue.state === 'closed' && <Badge variant="info">Closed</Badge>}
          <IssuableStats
            comments={issue.user_notes_count}
            upvotes={issue.upvotes}
            downvotes={issue.downvotes}
            weight={issue.weight}
          />
        </ActivityCell>
      ),
    },
  ];
  return <Table caption="Issues" columns={columns} rows={issues} rowKey={(issue) => issue.id} />;
}
