import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { groupCrumbs, groupSidebar } from '../../app/groupContext';
import { apiPath, encodeId } from '../../lib/api';
import { formatDate, timeAgo } from '../../lib/format';
import { LabelColorsProvider } from '../../lib/LabelColors';
import { urls } from '../../lib/paths';
import { useApiList, useGroup } from '../../lib/queries';
import type { Epic, Issue } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { LabelList } from '../../ui/LabelBadge';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import { IssuesTable } from '../issues/IssuesTable';
import { Description } from '../shared/Description';
import styles from '../shared/DetailLayout.module.css';
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
  const open = epic.state === 'opened';
  const due = epic.due_date ?? epic.end_date;
  return (
    <article>
      <header className={styles.header}>
        <div className={styles.metaLine}>
          <Badge variant={open ? 'success' : 'info'}>{open ? 'Open' : 'Closed'}</Badge>
          {epic.confidential && <Badge variant="warning">Confidential</Badge>}
          <span>
            Epic created <time dateTime={epic.created_at}>{timeAgo(epic.created_at)}</time>
            {epic.author && (
              <>
                {' '}
                by <strong>{epic.author.name}</strong>
              </>
            )}
          </span>
        </div>
        <h1 className={styles.title}>{epic.title}</h1>
      </header>
      <div className={styles.columns}>
        <div className={styles.content}>
          <Description html={epic.description_html} text={epic.description} empty="No description provided." />
          <section className={styles.section} aria-labelledby="child-epics-title">
            <h2 id="child-epics-title" className={styles.sectionTitle}>
              Child epics
            </h2>
            <ChildEpics groupPath={groupPath} iid={epic.iid} />
          </section>
          <section className={styles.section} aria-labelledby="child-issues-title">
            <h2 id="child-issues-title" className={styles.sectionTitle}>
              Issues
            </h2>
            <ChildIssues groupPath={groupPath} iid={epic.iid} />
          </section>
        </div>
        <aside className={styles.aside} aria-label="Epic details">
          <SidebarField label="Start date">
            {epic.start_date ? formatDate(epic.start_date) : <span className={styles.none}>None</span>}
          </SidebarField>
          <SidebarField label="Due date">
            {due ? formatDate(due) : <span className={styles.none}>None</span>}
          </SidebarField>
          <SidebarField label="Labels">
            {epic.labels.length > 0 ? <LabelList labels={epic.labels} /> : <span className={styles.none}>None</span>}
          </SidebarField>
          {epic.author && (
            <SidebarField label="Author">
              <People users={[epic.author]} />
            </SidebarField>
          )}
          <SidebarField label="Reference">
            <code>{epic.references?.full ?? `${groupPath}&${epic.iid}`}</code>
          </SidebarField>
        </aside>
      </div>
    </article>
  );
}

/** `/groups/:group/-/epics/:iid` */
export function EpicPage({ groupPath, iid }: { groupPath: string; iid: number }) {
  const group = useGroup(groupPath);
  const epic = useEpic(groupPath, iid);
  return (
    <ContextLayout
      context={groupSidebar(groupPath, group.data)}
      active="epics"
      title={epic.data ? `${epic.data.title} (&${iid})` : undefined}
      crumbs={groupCrumbs(
        groupPath,
        group.data,
        { label: 'Epics', href: urls.groupPage(groupPath, 'epics') },
        { label: `&${iid}`, href: urls.epic(groupPath, iid) },
      )}
    >
      <LabelColorsProvider kind="group" fullPath={groupPath}>
        {epic.isPending ? (
          <PageSpinner label="Loading epic" />
        ) : epic.isError ? (
          <ErrorState error={epic.error} onRetry={() => void epic.refetch()} what="epic" />
        ) : epic.data ? (
          <EpicDetail epic={epic.data} groupPath={groupPath} />
        ) : (
          <EmptyState title="Epic not found" />
        )}
      </LabelColorsProvider>
    </ContextLayout>
  );
}
