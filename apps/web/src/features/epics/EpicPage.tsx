import { type ReactNode, Suspense, useMemo, useState } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { lazyNamed } from '../../app/lazyNamed';
import { apiPath, encodeId } from '../../lib/api';
import { useApiList } from '../../lib/queries';
import type { Epic, Issue } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import { IssuesTable } from '../issues/IssuesTable';
import styles from '../shared/DetailLayout.module.css';
import { DetailColumns, DetailFrame, DetailSection } from '../shared/DetailPage';
import { EpicsTable } from './EpicsTable';
import { EpicHeader } from './header/EpicHeader';
import type { EpicPageData } from './header/epicPageApi';
import { epicKeys, useEpic } from './queries';
import { EpicSidebar } from './sidebar/EpicSidebar';
import { AddChildMenu } from './tree-add/AddChildMenu';
import { useEpicLive } from './useEpicLive';
import { useEpicTaskList } from './useEpicTaskList';

// The activity (comments, threads, reactions, the comment box) loads when scrolled near.
const EpicActivity = lazyNamed(() => import('../notes/PageActivity'), 'EpicActivity');
// The edit form (and React Aria's buttons in it) loads on the first Edit.
const EpicEditForm = lazyNamed(() => import('./header/EpicEditForm'), 'EpicEditForm');

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

function EpicDetail({ epic, groupPath }: { epic: EpicPageData; groupPath: string }) {
  const taskList = useEpicTaskList(groupPath, epic);
  useEpicLive(groupPath, epic.iid, epic.id, taskList.busy);
  const noteKeys = useMemo(
    () => ({ notesKey: epicKeys.notes(groupPath, epic.iid), detailKey: epicKeys.detail(groupPath, epic.iid) }),
    [groupPath, epic.iid],
  );
  const [editing, setEditing] = useState(false);
  return (
    <article>
      {editing && epic.user_permissions.update_epic ? (
        <Suspense fallback={<PageSpinner label="Loading the editor" />}>
          <EpicEditForm epic={epic} groupPath={groupPath} onClose={() => setEditing(false)} />
        </Suspense>
      ) : (
        <EpicHeader epic={epic} groupPath={groupPath} onEdit={() => setEditing(true)} />
      )}
      <DetailColumns
        description={{
          html: epic.description_html,
          text: epic.description,
          onTaskToggle: taskList.toggle,
          taskList: taskList.actions,
        }}
        asideLabel="Epic details"
        aside={<EpicSidebar epic={epic} groupPath={groupPath} />}
        collapsibleGutter
      >
        {taskList.alert && <Alert variant="danger">{taskList.alert}</Alert>}
        <AddChildMenu epic={epic} groupPath={groupPath} />
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
