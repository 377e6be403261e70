import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { ApiError, encodeId } from '../../lib/api';
import { timeAgo } from '../../lib/format';
import { urls } from '../../lib/paths';
import { useGroup, useProject } from '../../lib/queries';
import type { MergeRequest } from '../../lib/types';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { LabelList } from '../../ui/LabelBadge';
import { Pagination } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { groupCrumbs, groupSidebar, projectCrumbs, projectSidebar } from '../groups/groupContext';
import { Assignees } from '../issues/IssuesTable';
import styles from '../issues/IssuesTable.module.css';
import { useStateList } from '../shared/useStateList';

const TABS = [
  { id: 'opened', label: 'Open' },
  { id: 'merged', label: 'Merged' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
];

const STATE_BADGE: Record<MergeRequest['state'], { label: string; variant: BadgeVariant }> = {
  opened: { label: 'Open', variant: 'success' },
  merged: { label: 'Merged', variant: 'info' },
  closed: { label: 'Closed', variant: 'danger' },
  locked: { label: 'Locked', variant: 'neutral' },
};

const columns: Column<MergeRequest>[] = [
  {
    key: 'title',
    header: 'Title',
    render: (mr) => (
      <div className={styles.titleCell}>
        <div className={styles.titleLine}>
          {mr.draft && <Badge variant="neutral">Draft</Badge>}
          <span className={styles.title}>{mr.title}</span>
        </div>
        <div className={styles.meta}>
          <span>{mr.references?.full ?? `!${mr.iid}`}</span>
          <span>
            · opened {timeAgo(mr.created_at)}
            {mr.author ? ` by ${mr.author.name}` : ''}
          </span>
          {mr.source_branch && mr.target_branch && (
            <span>
              · <code>{mr.source_branch}</code> → <code>{mr.target_branch}</code>
            </span>
          )}
        </div>
        <LabelList labels={mr.labels ?? []} />
      </div>
    ),
  },
  {
    key: 'state',
    header: 'Status',
    width: '100px',
    render: (mr) => (
      <Badge variant={STATE_BADGE[mr.state]?.variant ?? 'neutral'}>{STATE_BADGE[mr.state]?.label ?? mr.state}</Badge>
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
    render: (mr) => <span className={styles.none}>{timeAgo(mr.updated_at ?? mr.created_at)}</span>,
  },
];

function MergeRequestsBody({ path }: { path: string }) {
  const { state, list, tabItems, hrefForPage } = useStateList<MergeRequest>(path, TABS, {
    order_by: 'created_at',
    sort: 'desc',
    with_labels_details: true,
  });
  let content: ReactNode;
  if (list.isPending) content = <PageSpinner label="Loading merge requests" />;
  else if (list.isError) {
    content =
      list.error instanceof ApiError && list.error.status === 404 ? (
        <EmptyState
          title="Merge requests are not available yet"
          description="This server does not list merge requests yet."
        />
      ) : (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} what="list" />
      );
  } else if (list.data.items.length === 0) {
    content = <EmptyState title="No merge requests found" description="Merge requests propose changes to the code." />;
  } else {
    content = (
      <>
        <Table caption="Merge requests" columns={columns} rows={list.data.items} rowKey={(mr) => mr.id} />
        <Pagination
          page={list.data.page}
          prevPage={list.data.prevPage}
          nextPage={list.data.nextPage}
          totalPages={list.data.totalPages}
          hrefFor={hrefForPage}
        />
      </>
    );
  }
  return (
    <>
      <Tabs label="Merge request state" items={tabItems} active={state} />
      {content}
    </>
  );
}

/** `/:group/:project/-/merge_requests` */
export function ProjectMergeRequestsPage({ fullPath }: { fullPath: string }) {
  const project = useProject(fullPath);
  return (
    <ContextLayout
      context={projectSidebar(fullPath, project.data)}
      active="merge_requests"
      crumbs={projectCrumbs(fullPath, project.data, {
        label: 'Merge requests',
        href: urls.projectPage(fullPath, 'merge_requests'),
      })}
    >
      <header className={layout.pageHeader}>
        <h1>Merge requests</h1>
      </header>
      {project.isError ? (
        <ErrorState error={project.error} onRetry={() => void project.refetch()} what="project" />
      ) : (
        <MergeRequestsBody path={`/projects/${encodeId(fullPath)}/merge_requests`} />
      )}
    </ContextLayout>
  );
}

/** `/groups/:group/-/merge_requests` */
export function GroupMergeRequestsPage({ fullPath }: { fullPath: string }) {
  const group = useGroup(fullPath);
  return (
    <ContextLayout
      context={groupSidebar(fullPath, group.data)}
      active="merge_requests"
      crumbs={groupCrumbs(fullPath, group.data, {
        label: 'Merge requests',
        href: urls.groupPage(fullPath, 'merge_requests'),
      })}
    >
      <header className={layout.pageHeader}>
        <h1>Merge requests</h1>
      </header>
      {group.isError ? (
        <ErrorState error={group.error} onRetry={() => void group.refetch()} what="group" />
      ) : (
        <MergeRequestsBody path={`/groups/${encodeId(fullPath)}/merge_requests`} />
      )}
    </ContextLayout>
  );
}
