import { ErrorState } from '../../app/ErrorState';
import { groupCrumbs, groupSidebar } from '../../app/groupContext';
import { apiPath, encodeId } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { urls } from '../../lib/paths';
import { useApiList, useGroup } from '../../lib/queries';
import type { Epic, Issue } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { LabelList } from '../../ui/LabelBadge';
import { Spinner } from '../../ui/Spinner';
import { IssuesTable } from '../issues/IssuesTable';
import styles from '../shared/DetailLayout.module.css';
import {
  CreatedBy,
  DetailColumns,
  DetailFrame,
  DetailHeader,
  DetailSection,
  OpenBadge,
  OrNone,
} from '../shared/DetailPage';
import { People, SidebarField } from '../shared/People';
import { EpicsTable } from './EpicsTable';
import { epicKeys, useEpic } from './queries';

function ChildEpics({ groupPath, iid }: { groupPath: string; iid: number }) {
  const query = useApiList<Epic>(
    epicKeys.detailLists(groupPath, iid),
    apiPath(`/groups/${encodeId(groupPath)}/epics/${iid}/epics`, { per_page: 100, with_labels_details: true }),
  );
  if (query.isPending) return <Spinner label="Loading child epics" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  if (query.data.items.length === 0) return <p className={styles.none}>No child epics.</p>;
  return <EpicsTable epics={query.data.items} groupPath={groupPath} />;
}

function ChildIssues({ groupPath, iid }: { groupPath: string; iid: number }) {
  const query = useApiList<Issue>(
    epicKeys.detailLists(groupPath, iid),
    apiPath(`/groups/${encodeId(groupPath)}/epics/${iid}/issues`, { per_page: 100, with_labels_details: true }),
  );
  if (query.isPending) return <Spinner label="Loading issues" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  if (query.data.items.length === 0) return <p className={styles.none}>No issues.</p>;
  return <IssuesTable issues={query.data.items} showProject />;
}

function EpicDetail({ epic, groupPath }: { epic: Epic; groupPath: string }) {
  const due = epic.due_date ?? epic.end_date;
  return (
    <article>
      <DetailHeader
        badges={
          <>
            <OpenBadge state={epic.state} />
            {epic.confidential && <Badge variant="warning">Confidential</Badge>}
          </>
        }
        byline={<CreatedBy what="Epic" at={epic.created_at} author={epic.author} />}
        title={epic.title}
      />
      <DetailColumns
        description={{ html: epic.description_html, text: epic.description }}
        asideLabel="Epic details"
        aside={
          <>
            <SidebarField label="Start date">
              <OrNone>{epic.start_date && formatDate(epic.start_date)}</OrNone>
            </SidebarField>
            <SidebarField label="Due date">
              <OrNone>{due && formatDate(due)}</OrNone>
            </SidebarField>
            <SidebarField label="Labels">
              <OrNone>{epic.labels.length > 0 && <LabelList labels={epic.labels} />}</OrNone>
            </SidebarField>
            {epic.author && (
              <SidebarField label="Author">
                <People users={[epic.author]} />
              </SidebarField>
            )}
            <SidebarField label="Reference">
              <code>{epic.references?.full ?? `${groupPath}&${epic.iid}`}</code>
            </SidebarField>
          </>
        }
      >
        <DetailSection id="child-epics-title" title="Child epics">
          <ChildEpics groupPath={groupPath} iid={epic.iid} />
        </DetailSection>
        <DetailSection id="child-issues-title" title="Issues">
          <ChildIssues groupPath={groupPath} iid={epic.iid} />
        </DetailSection>
      </DetailColumns>
    </article>
  );
}

/** `/groups/:group/-/epics/:iid` */
export function EpicPage({ groupPath, iid }: { groupPath: string; iid: number }) {
  const group = useGroup(groupPath);
  const epic = useEpic(groupPath, iid);
  return (
    <DetailFrame
      context={groupSidebar(groupPath, group.data)}
      crumbs={groupCrumbs(groupPath, group.data)}
      active="epics"
      list={{ label: 'Epics', href: urls.groupPage(groupPath, 'epics') }}
      self={{ label: `&${iid}`, href: urls.epic(groupPath, iid) }}
      query={epic}
      what="epic"
      missing={<EmptyState title="Epic not found" />}
    >
      {(data) => <EpicDetail epic={data} groupPath={groupPath} />}
    </DetailFrame>
  );
}
