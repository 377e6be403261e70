import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { AppLink } from '../../lib/AppLink';
import { encodeId } from '../../lib/api';
import { timeAgo } from '../../lib/format';
import { appPathFromWebUrl, projectPathOf, urls } from '../../lib/paths';
import { useGroup, useProject } from '../../lib/queries';
import type { MergeRequest } from '../../lib/types';
import { Badge } from '../../ui/Badge';
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
import { mrStateBadge } from './mergeRequestState';

const TABS = [
  { id: 'opened', label: 'Open' },
  { id: 'merged', label: 'Merged' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
];

const EMPTY: Record<string, string> = {
  opened: 'No open merge requests',
  merged: 'No merged merge requests',
  closed: 'No closed merge requests',
  all: 'No merge requests found',
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

function MergeRequestsBody({ path, showProject }: { path: string; showProject: boolean }) {
  const { state, list, tabItems, hrefForPage } = useStateList<MergeRequest>(path, TABS, {
    order_by: 'updated_at',
    sort: 'desc',
    with_labels_details: true,
  });
  let content: ReactNode;
  if (list.isPending) content = <PageSpinner label="Loading merge requests" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} what="list" />;
  else if (list.data.items.length === 0) {
    content = (
      <EmptyState
        title={EMPTY[state] ?? 'No merge requests found'}
        description="Merge requests propose changes to the code."
      />
    );
  } else {
    content = (
      <>
        <MergeRequestsTable mergeRequests={list.data.items} showProject={showProject} />
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
        <MergeRequestsBody path={`/projects/${encodeId(fullPath)}/merge_requests`} showProject={false} />
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
        <MergeRequestsBody path={`/groups/${encodeId(fullPath)}/merge_requests`} showProject />
      )}
    </ContextLayout>
  );
}
