import type { ReactNode } from 'react';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { formatDate, isPastDue } from '../../lib/format';
import type { MilestoneRef } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { PageLinks } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { NamespacePageFrame } from '../shared/NamespacePageFrame';
import { useStateList } from '../shared/useStateList';
import { milestoneKeys } from './queries';

const TABS = [
  { id: 'active', label: 'Open' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All', param: '' },
];

const columns: Column<MilestoneRef>[] = [
  {
    key: 'title',
    header: 'Title',
    render: (milestone) => (
      <div>
        <strong>{milestone.title}</strong>
        {milestone.description && <p className={layout.muted}>{milestone.description}</p>}
      </div>
    ),
  },
  {
    key: 'dates',
    header: 'Dates',
    width: '240px',
    render: (milestone) => {
      if (!milestone.start_date && !milestone.due_date) return <span className={layout.muted}>No dates</span>;
      const overdue = milestone.state === 'active' && isPastDue(milestone.due_date);
      return (
        <span>
          {milestone.start_date ? formatDate(milestone.start_date) : '…'} –{' '}
          {milestone.due_date ? formatDate(milestone.due_date) : '…'}
          {overdue && (
            <>
              {' '}
              <Badge variant="danger">Expired</Badge>
            </>
          )}
        </span>
      );
    },
  },
  {
    key: 'state',
    header: 'Status',
    width: '100px',
    render: (milestone) => (
      <Badge variant={milestone.state === 'closed' ? 'info' : 'success'}>
        {milestone.state === 'closed' ? 'Closed' : 'Open'}
      </Badge>
    ),
  },
];

function MilestonesBody({ path }: { path: string }) {
  const { state, list, tabItems, hrefForPage } = useStateList<MilestoneRef>(milestoneKeys.lists(), path, TABS);
  let content: ReactNode;
  if (list.isPending) content = <PageSpinner label="Loading milestones" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} what="list" />;
  else if (list.data.items.length === 0) {
    content = (
      <EmptyState
        title="No milestones found"
        description="Milestones track issues towards a goal in a period of time."
      />
    );
  } else {
    content = (
      <>
        <Table caption="Milestones" columns={columns} rows={list.data.items} rowKey={(milestone) => milestone.id} />
        <PageLinks of={list.data} hrefFor={hrefForPage} />
      </>
    );
  }
  return (
    <>
      <Tabs label="Milestone state" items={tabItems} active={state} />
      {content}
    </>
  );
}

/** `/groups/:group/-/milestones` and `/:group/:project/-/milestones` */
export function MilestonesPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  return (
    <NamespacePageFrame kind={kind} fullPath={fullPath} page="milestones" title="Milestones">
      {({ apiPath }) => <MilestonesBody path={apiPath} />}
    </NamespacePageFrame>
  );
}
