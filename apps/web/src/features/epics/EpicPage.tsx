import { type ReactNode, Suspense, useMemo } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { lazyNamed } from '../../app/lazyNamed';
import { apiPath, encodeId } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useApiList } from '../../lib/queries';
import { useSession } from '../../lib/session';
import type { Epic, Issue } from '../../lib/types';
import { Alert } from '../../ui/Alert';
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
import { EpicActionsMenu } from './EpicActionsMenu';
import { EpicsTable } from './EpicsTable';
import { epicKeys, useEpic } from './queries';
import { useEpicLive } from './useEpicLive';
import { useEpicTaskList } from './useEpicTaskList';

// The activity (comments, threads, reactions, the comment box) loads when scrolled near.
const EpicActivity = lazyNamed(() => import('../notes/PageActivity'), 'EpicActivity');
/** IE §8: the badge admins see on an epic whose author is banned. */
const HIDDEN_TEXT = 'This epic is hidden because its author has been banned.';

/** A list under the epic (its child epics, its issues): `/groups/:id/epics/:iid/{sub}`, all on one page. */
function ChildList<T>({
  groupPath,
  iid,
  sub,
  what,
  render,
}: {
  groupPath: string;
  iid: number;
  sub: 'epics' | 'issues';
  what: string;
  render: (items: T[]) => ReactNode;
}) {
  const query = useApiList<T>(
    epicKeys.detailLists(groupPath, iid),
    apiPath(`/groups/${encodeId(groupPath)}/epics/${iid}/${sub}`, { per_page: 100, with_labels_details: true }),
  );
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  if (query.data.items.length === 0) return <p className={styles.none}>No {what}.</p>;
  return render(query.data.items);
}

function EpicDetail({ epic, groupPath }: { epic: Epic; groupPath: string }) {
  const taskList = useEpicTaskList(groupPath, epic);
  useEpicLive(groupPath, epic.iid, epic.id, taskList.busy);
  const noteKeys = useMemo(
    () => ({ notesKey: epicKeys.notes(groupPath, epic.iid), detailKey: epicKeys.detail(groupPath, epic.iid) }),
    [groupPath, epic.iid],
  );
  const due = epic.due_date ?? epic.end_date;
  const { user } = useSession();
  return (
    <article>
      <DetailHeader
        badges={
          <>
            <OpenBadge state={epic.state} />
            {epic.confidential && <Badge variant="warning">Confidential</Badge>}
            {epic.hidden && (
              <Badge variant="warning" title={HIDDEN_TEXT}>
                <span role="img" aria-label={HIDDEN_TEXT}>
                  Hidden
                </span>
              </Badge>
            )}
          </>
        }
        byline={<CreatedBy what="Epic" at={epic.created_at} author={epic.author} />}
        actions={<EpicActionsMenu epic={epic} groupPath={groupPath} myId={user?.id ?? null} />}
        title={epic.title}
        sticky
      />
      <DetailColumns
        description={{
          html: epic.description_html,
          text: epic.description,
          onTaskToggle: taskList.toggle,
          taskList: taskList.actions,
        }}
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
        {taskList.alert && <Alert variant="danger">{taskList.alert}</Alert>}
        <DetailSection id="child-epics-title" title="Child epics">
          <ChildList<Epic>
            groupPath={groupPath}
            iid={epic.iid}
            sub="epics"
            what="child epics"
            render={(epics) => <EpicsTable epics={epics} groupPath={groupPath} />}
          />
        </DetailSection>
        <DetailSection id="child-issues-title" title="Issues">
          <ChildList<Issue>
            groupPath={groupPath}
            iid={epic.iid}
            sub="issues"
            what="issues"
            render={(issues) => <IssuesTable issues={issues} showProject />}
          />
        </DetailSection>
        <DetailSection id="activity-title" title="Activity">
          <Suspense fallback={<Spinner label="Loading activity" />}>
            <EpicActivity epic={epic} groupPath={groupPath} keys={noteKeys} />
          </Suspense>
        </DetailSection>
      </DetailColumns>
    </article>
  );
}

/** `/groups/:group/-/epics/:iid` */
export function EpicPage({ groupPath, iid }: { groupPath: string; iid: number }) {
  return (
    <DetailFrame
      item="epic"
      fullPath={groupPath}
      iid={iid}
      query={useEpic(groupPath, iid)}
      missing={<EmptyState title="Epic not found" />}
    >
      {(data) => <EpicDetail epic={data} groupPath={groupPath} />}
    </DetailFrame>
  );
}
