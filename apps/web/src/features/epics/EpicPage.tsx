import { Suspense, useMemo, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { DetailColumns, DetailFrame, DetailSection, editableDescription } from '../shared/DetailPage';
import { EpicHeader } from './header/EpicHeader';
import type { EpicPageData } from './header/epicPageApi';
import { epicKeys, useEpic } from './queries';
import { EpicSidebar } from './sidebar/EpicSidebar';
import { useEpicSaving } from './sidebar/queries';
import { ChildItemsPanel } from './tree/ChildItemsPanel';
import { AddChildMenu } from './tree-add/AddChildMenu';
import { useEpicLive } from './useEpicLive';
import { useEpicTaskList } from './useEpicTaskList';

// The activity (comments, threads, reactions, the comment box) loads when scrolled near.
const EpicActivity = lazyNamed(() => import('../notes/PageActivity'), 'EpicActivity');
// The edit form (and React Aria's buttons in it) loads on the first Edit.
const EpicEditForm = lazyNamed(() => import('./header/EpicEditForm'), 'EpicEditForm');

function EpicDetail({ epic, groupPath }: { epic: EpicPageData; groupPath: string }) {
  const taskList = useEpicTaskList(groupPath, epic);
  useEpicLive(groupPath, epic.iid, epic.id, taskList.busy);
  const noteKeys = useMemo(
    () => ({ notesKey: epicKeys.notes(groupPath, epic.iid), detailKey: epicKeys.detail(groupPath, epic.iid) }),
    [groupPath, epic.iid],
  );
  const [editing, setEditing] = useState(false);
  const saving = useEpicSaving(groupPath, epic.iid);
  const { user } = useSession();
  const { create_note, mark_note_as_internal, admin_note } = epic.user_permissions;
  const notePermissions = useMemo(
    () => (user ? { createNote: create_note, markNoteAsInternal: mark_note_as_internal, adminNote: admin_note } : null),
    [user, create_note, mark_note_as_internal, admin_note],
  );
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
        description={editableDescription(epic, taskList)}
        asideLabel="Epic details"
        asideBusy={saving}
        aside={<EpicSidebar epic={epic} groupPath={groupPath} />}
        collapsibleGutter
      >
        {taskList.alert && <Alert variant="danger">{taskList.alert}</Alert>}
        <ChildItemsPanel
          groupPath={groupPath}
          iid={epic.iid}
          epicId={`gid://gitlab/Epic/${epic.id}`}
          epicTitle={epic.title}
          addMenu={<AddChildMenu epic={epic} groupPath={groupPath} />}
        />
        <DetailSection id="activity-title" title="Activity" loading="Loading activity">
          <EpicActivity epic={epic} groupPath={groupPath} permissions={notePermissions} keys={noteKeys} />
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
