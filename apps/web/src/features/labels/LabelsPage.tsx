import type { ReactNode } from 'react';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { apiPath } from '../../lib/api';
import { useApiList } from '../../lib/queries';
import type { LabelDetail } from '../../lib/types';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { EmptyState } from '../../ui/EmptyState';
import { LabelBadge } from '../../ui/LabelBadge';
import { PageLinks } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
import { NamespacePageFrame } from '../shared/NamespacePageFrame';
import { labelKeys } from './queries';

const columns: Column<LabelDetail>[] = [
  { key: 'name', header: 'Label', width: '260px', render: (label) => <LabelBadge label={label} /> },
  {
    key: 'description',
    header: 'Description',
    render: (label) => label.description || <span className={layout.muted}>No description</span>,
  },
];

function LabelsBody({ path }: { path: string }) {
  const { params } = useLocationInfo();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useApiList<LabelDetail>(labelKeys.lists(), apiPath(path, { page, per_page: 50 }));
  let content: ReactNode;
  if (list.isPending) content = <PageSpinner label="Loading labels" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} what="list" />;
  else if (list.data.items.length === 0) {
    content = <EmptyState title="No labels found" description="Labels organise and prioritise issues and epics." />;
  } else {
    content = (
      <>
        <Table caption="Labels" columns={columns} rows={list.data.items} rowKey={(label) => label.id ?? label.name} />
        <PageLinks of={list.data} />
      </>
    );
  }
  return content;
}

/** `/groups/:group/-/labels` and `/:group/:project/-/labels` */
export function LabelsPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  return (
    <NamespacePageFrame kind={kind} fullPath={fullPath} page="labels" title="Labels">
      {({ apiPath }) => <LabelsBody path={apiPath} />}
    </NamespacePageFrame>
  );
}
