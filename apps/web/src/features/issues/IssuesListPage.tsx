import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useGroup, useProject } from '../../lib/queries';
import type { Issue } from '../../lib/types';
import { EmptyState } from '../../ui/EmptyState';
import { Pagination } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { groupCrumbs, groupSidebar, projectCrumbs, projectSidebar } from '../groups/groupContext';
import { useStateList } from '../shared/useStateList';
import { IssuesTable } from './IssuesTable';

const TABS = [
  { id: 'opened', label: 'Open' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
];

const EMPTY: Record<string, string> = {
  opened: 'No open issues found',
  closed: 'No closed issues found',
  all: 'No issues found',
};

function IssuesBody({ path, projectPath, showProject }: { path: string; projectPath?: string; showProject: boolean }) {
  const { state, list, tabItems, hrefForPage } = useStateList<Issue>(path, TABS, {
    order_by: 'created_at',
    sort: 'desc',
    with_labels_details: true,
  });
  let content: ReactNode;
  if (list.isPending) content = <PageSpinner label="Loading issues" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} what="list" />;
  else if (list.data.items.length === 0) {
    content = (
      <EmptyState title={EMPTY[state] ?? 'No issues found'} description="Issues are where you plan and discuss work." />
    );
  } else {
    content = (
      <>
        <IssuesTable issues={list.data.items} projectPath={projectPath} showProject={showProject} />
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
      <Tabs label="Issue state" items={tabItems} active={state} />
      {content}
    </>
  );
}

/** `/:group/:project/-/issues` */
export function ProjectIssuesPage({ fullPath }: { fullPath: string }) {
  const project = useProject(fullPath);
  return (
    <ContextLayout
      context={projectSidebar(fullPath, project.data)}
      active="issues"
      crumbs={projectCrumbs(fullPath, project.data, { label: 'Issues', href: urls.projectPage(fullPath, 'issues') })}
    >
      <header className={layout.pageHeader}>
        <h1>Issues</h1>
      </header>
      {project.isError ? (
        <ErrorState error={project.error} onRetry={() => void project.refetch()} what="project" />
      ) : (
        <IssuesBody path={`/projects/${encodeId(fullPath)}/issues`} projectPath={fullPath} showProject={false} />
      )}
    </ContextLayout>
  );
}

/** `/groups/:group/-/issues`: issues of every project in the group and its subgroups. */
export function GroupIssuesPage({ fullPath }: { fullPath: string }) {
  const group = useGroup(fullPath);
  return (
    <ContextLayout
      context={groupSidebar(fullPath, group.data)}
      active="issues"
      crumbs={groupCrumbs(fullPath, group.data, { label: 'Issues', href: urls.groupPage(fullPath, 'issues') })}
    >
      <header className={layout.pageHeader}>
        <h1>Issues</h1>
      </header>
      {group.isError ? (
        <ErrorState error={group.error} onRetry={() => void group.refetch()} what="group" />
      ) : (
        <IssuesBody path={`/groups/${encodeId(fullPath)}/issues`} showProject />
      )}
    </ContextLayout>
  );
}
