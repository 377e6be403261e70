import { AppLink } from '../../lib/AppLink';
import { encodeId } from '../../lib/api';
import { timeAgo } from '../../lib/format';
import { appPathFromWebUrl, projectPathOf, urls } from '../../lib/paths';
import type { MergeRequest } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { LabelList } from '../../ui/LabelBadge';
import { type Column, Table } from '../../ui/Table';
import { Assignees } from '../issues/IssuesTable';
import styles from '../issues/IssuesTable.module.css';
import { StateListPage, type StateListTab } from '../shared/StateListPage';
import { mrStateBadge } from './mergeRequestState';

const TABS: StateListTab[] = [
  { id: 'opened', label: 'Open', emptyTitle: 'No open merge requests' },
  { id: 'merged', label: 'Merged', emptyTitle: 'No merged merge requests' },
  { id: 'closed', label: 'Closed', emptyTitle: 'No closed merge requests' },
  { id: 'all', label: 'All', emptyTitle: 'No merge requests found' },
];

const LIST = {
  title: 'Merge requests',
  tabs: TABS,
  query: { order_by: 'updated_at', sort: 'desc', with_labels_details: true },
  tabsLabel: 'Merge request state',
  loadingLabel: 'Loading merge requests',
  emptyDescription: 'Merge requests propose changes to the code.',
};

/** The title without GitLab's draft prefix (`Draft:`, `[Draft]`, `(Draft)`), shown as a badge instead. */
export function withoutDraftPrefix(title: string): string {
  return title.replace(/^\s*(?:\[draft\]|\(draft\)|draft:|draft\s-)\s*/i, '') || title;
}

function StateBadge({ state }: { state: string }) {
  const badge = mrStateBadge(state);
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

export function mergeRequestHref(mr: MergeRequest): string {
  const projectPath = projectPathOf(mr);
  if (projectPath) return urls.mergeRequest(projectPath, mr.iid);
  return appPathFromWebUrl(mr.web_url) ?? '#';
}

/** Merge requests as a table, with the issue list's cells (title block, avatars, muted times). */
export function MergeRequestsTable({
  mergeRequests,
  showProject,
}: {
  mergeRequests: MergeRequest[];
  showProject: boolean;
}) {
  const columns: Column<MergeRequest>[] = [
    {
      key: 'title',
      header: 'Title',
      render: (mr) => (
        <div className={styles.titleCell}>
          <div className={styles.titleLine}>
            {mr.draft && <Badge variant="neutral">Draft</Badge>}
            <AppLink href={mergeRequestHref(mr)} className={styles.title}>
              {mr.draft ? withoutDraftPrefix(mr.title) : mr.title}
            </AppLink>
          </div>
          <div className={styles.meta}>
            <span>{showProject ? (mr.references?.full ?? `!${mr.iid}`) : `!${mr.iid}`}</span>
            <span>
              · created <time dateTime={mr.created_at}>{timeAgo(mr.created_at)}</time>
              {mr.author ? ` by ${mr.author.name}` : ''}
            </span>
            {mr.target_branch && (
              <span title={mr.source_branch ? `${mr.source_branch} → ${mr.target_branch}` : undefined}>
                · <span aria-hidden="true">⎇</span>
                <span className="visually-hidden">Target branch</span>{' '}
                <code className={styles.ref}>{mr.target_branch}</code>
              </span>
            )}
            {mr.state !== 'opened' && <StateBadge state={mr.state} />}
          </div>
          <LabelList labels={mr.labels ?? []} />
        </div>
      ),
    },
    {
      key: 'assignees',
      header: 'Assignees',
      width: '120px',
      secondary: true,
      render: (mr) => <Assignees users={mr.assignees ?? []} />,
    },
    {
      key: 'reviewers',
      header: 'Reviewers',
      width: '120px',
      secondary: true,
      render: (mr) => <Assignees users={mr.reviewers ?? []} />,
    },
    {
      key: 'updated',
      header: 'Updated',
      width: '120px',
      align: 'end',
      secondary: true,
      render: (mr) => (
        <span className={`${styles.none} ${styles.nowrap}`}>{timeAgo(mr.updated_at ?? mr.created_at)}</span>
      ),
    },
  ];
  return <Table caption="Merge requests" columns={columns} rows={mergeRequests} rowKey={(mr) => mr.id} />;
}

/** `/:group/:project/-/merge_requests` */
export function ProjectMergeRequestsPage({ fullPath }: { fullPath: string }) {
  return (
    <StateListPage<MergeRequest>
      {...LIST}
      owner={{ kind: 'project', fullPath, page: 'merge_requests' }}
      path={`/projects/${encodeId(fullPath)}/merge_requests`}
      renderTable={(mergeRequests) => <MergeRequestsTable mergeRequests={mergeRequests} showProject={false} />}
    />
  );
}

/** `/groups/:group/-/merge_requests` */
export function GroupMergeRequestsPage({ fullPath }: { fullPath: string }) {
  return (
    <StateListPage<MergeRequest>
      {...LIST}
      owner={{ kind: 'group', fullPath, page: 'merge_requests' }}
      path={`/groups/${encodeId(fullPath)}/merge_requests`}
      renderTable={(mergeRequests) => <MergeRequestsTable mergeRequests={mergeRequests} showProject />}
    />
  );
}
