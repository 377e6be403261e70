import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useGroup } from '../../lib/queries';
import type { Epic } from '../../lib/types';
import { EmptyState } from '../../ui/EmptyState';
import { Pagination } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { groupCrumbs, groupSidebar } from '../groups/groupContext';
import { useStateList } from '../shared/useStateList';
import { EpicsTable } from './EpicsTable';

const TABS = [
  { id: 'opened', label: 'Open' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
];

function EpicsBody({ fullPath }: { fullPath: string }) {
  const { state, list, tabItems, hrefForPage } = useStateList<Epic>(`/groups/${encodeId(fullPath)}/epics`, TABS, {
    order_by: 'created_at',
    sort: 'desc',
    with_labels_details: true,
  });
  let content: ReactNode;
  if (list.isPending) content = <PageSpinner label="Loading epics" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} what="list" />;
  else if (list.data.items.length === 0) {
    content = (
      <EmptyState
        title={
          state === 'opened' ? 'No open epics found' : state === 'closed' ? 'No closed epics found' : 'No epics found'
        }
        description="Epics let you manage your portfolio of projects by tracking groups of issues that share a theme."
      />
    );
  } else {
    content = (
      <>
        <EpicsTable epics={list.data.items} groupPath={fullPath} />
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
      <Tabs label="Epic state" items={tabItems} active={state} />
      {content}
    </>
  );
}

/** `/groups/:group/-/epics` */
export function EpicsListPage({ fullPath }: { fullPath: string }) {
  const group = useGroup(fullPath);
  return (
    <ContextLayout
      context={groupSidebar(fullPath, group.data)}
      active="epics"
      crumbs={groupCrumbs(fullPath, group.data, { label: 'Epics', href: urls.groupPage(fullPath, 'epics') })}
    >
      <header className={layout.pageHeader}>
        <h1>Epics</h1>
      </header>
      {group.isError ? (
        <ErrorState error={group.error} onRetry={() => void group.refetch()} what="group" />
      ) : (
        <EpicsBody fullPath={fullPath} />
      )}
    </ContextLayout>
  );
}
