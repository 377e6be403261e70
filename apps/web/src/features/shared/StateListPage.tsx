import type { ReactNode } from 'react';
import type { Crumb } from '../../app/Breadcrumbs';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import type { SidebarContext } from '../../app/Sidebar';
import { urls } from '../../lib/paths';
import { useGroup, useProject } from '../../lib/queries';
import { EmptyState } from '../../ui/EmptyState';
import { Pagination } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { groupCrumbs, groupSidebar, projectCrumbs, projectSidebar } from '../groups/groupContext';
import { type StateTab, useStateList } from './useStateList';

/** A state tab with the empty-state title shown when its list has no items. */
export interface StateListTab extends StateTab {
  emptyTitle: string;
}

/** Whose list it is: a group's or a project's, and which of its pages (sidebar item and breadcrumb link). */
export type StateListOwner =
  | { kind: 'group'; fullPath: string; page: 'epics' | 'issues' | 'merge_requests' }
  | { kind: 'project'; fullPath: string; page: 'issues' | 'merge_requests' };

interface StateListProps<T> {
  /** API path of the list, e.g. `/projects/acme%2Fweb/issues`. */
  path: string;
  tabs: StateListTab[];
  query: Record<string, string | number | boolean | undefined>;
  /** Accessible name of the tab list, e.g. "Issue state". */
  tabsLabel: string;
  /** Spinner label, e.g. "Loading issues". */
  loadingLabel: string;
  emptyDescription: string;
  renderTable: (items: T[]) => ReactNode;
}

function StateListBody<T>({
  path,
  tabs,
  query,
  tabsLabel,
  loadingLabel,
  emptyDescription,
  renderTable,
}: StateListProps<T>) {
  const { state, list, tabItems, hrefForPage } = useStateList<T>(path, tabs, query);
  let content: ReactNode;
  if (list.isPending) content = <PageSpinner label={loadingLabel} />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} what="list" />;
  else if (list.data.items.length === 0) {
    const emptyTitle = tabs.find((tab) => tab.id === state)?.emptyTitle ?? '';
    content = <EmptyState title={emptyTitle} description={emptyDescription} />;
  } else {
    content = (
      <>
        {renderTable(list.data.items)}
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
      <Tabs label={tabsLabel} items={tabItems} active={state} />
      {content}
    </>
  );
}

/**
 * A group's or project's list page with state tabs (with counts), loading, error and empty states and
 * pagination, under an `<h1>` heading. If the group or project itself fails to load, shows that error instead.
 */
export function StateListPage<T>({
  owner,
  title,
  ...list
}: StateListProps<T> & { owner: StateListOwner; title: string }) {
  const group = useGroup(owner.fullPath, owner.kind === 'group');
  const project = useProject(owner.fullPath, owner.kind === 'project');
  const crumb = { label: title };
  let context: SidebarContext;
  let crumbs: Crumb[];
  if (owner.kind === 'group') {
    context = groupSidebar(owner.fullPath, group.data);
    crumbs = groupCrumbs(owner.fullPath, group.data, { ...crumb, href: urls.groupPage(owner.fullPath, owner.page) });
  } else {
    context = projectSidebar(owner.fullPath, project.data);
    crumbs = projectCrumbs(owner.fullPath, project.data, {
      ...crumb,
      href: urls.projectPage(owner.fullPath, owner.page),
    });
  }
  const parent = owner.kind === 'group' ? group : project;
  return (
    <ContextLayout context={context} active={owner.page} crumbs={crumbs}>
      <header className={layout.pageHeader}>
        <h1>{title}</h1>
      </header>
      {parent.isError ? (
        <ErrorState error={parent.error} onRetry={() => void parent.refetch()} what={owner.kind} />
      ) : (
        <StateListBody<T> {...list} />
      )}
    </ContextLayout>
  );
}
