import { AppLink } from '../../lib/AppLink';
import { formatDate, isPastDue, timeAgo } from '../../lib/format';
import { appPathFromWebUrl, projectPathOf, urls } from '../../lib/paths';
import type { Issue } from '../../lib/types';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { LabelList } from '../../ui/LabelBadge';
import { type Column, Table } from '../../ui/Table';
import styles from './IssuesTable.module.css';

export function issueHref(issue: Issue, fallbackProjectPath?: string): string {
  const projectPath = projectPathOf(issue) ?? fallbackProjectPath;
  if (projectPath) return urls.issue(projectPath, issue.iid);
  return appPathFromWebUrl(issue.web_url) ?? '#';
}

/** Issues as a table: title with reference and labels, milestone, assignees, due date, updated. */
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
          <div className={styles.titleLine}>
            {issue.confidential && (
              <Badge variant="warning" title="Confidential">
                Confidential
              </Badge>
            )}
            <AppLink href={issueHref(issue, projectPath)} className={styles.title}>
              {issue.title}
            </AppLink>
          </div>
          <div className={styles.meta}>
            <span>{showProject ? (issue.references?.full ?? `#${issue.iid}`) : `#${issue.iid}`}</span>
            <span>
              · created {timeAgo(issue.created_at)}
              {issue.author ? ` by ${issue.author.name}` : ''}
            </span>
            {issue.state === 'closed' && <Badge variant="info">Closed</Badge>}
          </div>
          <LabelList labels={issue.labels ?? []} />
        </div>
      ),
    },
    {
      key: 'milestone',
      header: 'Milestone',
      width: '160px',
      secondary: true,
      render: (issue) =>
        issue.milestone ? (
          <span className={styles.clip}>{issue.milestone.title}</span>
        ) : (
          <span className={styles.none}>None</span>
        ),
    },
    {
      key: 'assignees',
      header: 'Assignees',
      width: '120px',
      secondary: true,
      render: (issue) => <Assignees users={issue.assignees ?? []} />,
    },
    {
      key: 'due',
      header: 'Due date',
      width: '130px',
      render: (issue) =>
        issue.due_date ? (
          <span
            className={`${styles.nowrap} ${issue.state === 'opened' && isPastDue(issue.due_date) ? styles.overdue : ''}`}
          >
            {formatDate(issue.due_date)}
          </span>
        ) : (
          <span className={styles.none}>None</span>
        ),
    },
    {
      key: 'updated',
      header: 'Updated',
      width: '120px',
      align: 'end',
      secondary: true,
      render: (issue) => <span className={styles.none}>{timeAgo(issue.updated_at ?? issue.created_at)}</span>,
    },
  ];
  return <Table caption="Issues" columns={columns} rows={issues} rowKey={(issue) => issue.id} />;
}

/** Up to 3 avatars, the last replaced by a `+N` counter when there are more (spec §9). */
export function Assignees({ users }: { users: Array<{ id: number; name: string; avatar_url?: string | null }> }) {
  if (users.length === 0) return <span className={styles.none}>None</span>;
  const shown = users.length > 3 ? users.slice(0, 2) : users;
  const rest = users.length - shown.length;
  return (
    <span className={styles.assignees}>
      <span className="visually-hidden">{users.map((u) => u.name).join(', ')}</span>
      {shown.map((user) => (
        <span key={user.id} title={user.name}>
          <Avatar name={user.name} src={user.avatar_url} seed={user.id} size={24} />
        </span>
      ))}
      {rest > 0 && <span className={styles.more}>+{rest > 99 ? '99+' : rest}</span>}
    </span>
  );
}
