import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { groupCrumbs, groupSidebar, projectCrumbs, projectSidebar } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { apiPath, encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useApiList, useGroup, useProject } from '../../lib/queries';
import type { LabelDetail } from '../../lib/types';
import { useLocationInfo, withParams } from '../../lib/useLocationSearch';
import { EmptyState } from '../../ui/EmptyState';
import { LabelBadge } from '../../ui/LabelBadge';
import { Pagination } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { type Column, Table } from '../../ui/Table';
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
  const { pathname, params } = useLocationInfo();
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
        <Pagination
          page={list.data.page}
          prevPage={list.data.prevPage}
          nextPage={list.data.nextPage}
          totalPages={list.data.totalPages}
          hrefFor={(next) => withParams(pathname, params, { page: String(next) })}
        />
      </>
    );
  }
  return content;
}

/** `/groups/:group/-/labels` and `/:group/:project/-/labels` */
export function LabelsPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  const group = useGroup(fullPath, kind === 'group');
  const project = useProject(fullPath, kind === 'project');
  const isGroup = kind === 'group';
  const crumb = {
    label: 'Labels',
    href: isGroup ? urls.groupPage(fullPath, 'labels') : urls.projectPage(fullPath, 'labels'),
  };
  return (
    <ContextLayout
      context={isGroup ? groupSidebar(fullPath, group.data) : projectSidebar(fullPath, project.data)}
      active="labels"
      crumbs={isGroup ? groupCrumbs(fullPath, group.data, crumb) : projectCrumbs(fullPath, project.data, crumb)}
    >
      <header className={layout.pageHeader}>
        <h1>Labels</h1>
      </header>
      <LabelsBody path={`/${isGroup ? 'groups' : 'projects'}/${encodeId(fullPath)}/labels`} />
    </ContextLayout>
  );
}
