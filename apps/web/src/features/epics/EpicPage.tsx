import { Suspense, useMemo } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import type { Epic } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { LabelList } from '../../ui/LabelBadge';
import { Spinner } from '../../ui/Spinner';
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
import { epicKeys, useEpic } from './queries';
import { ChildItemsPanel } from './tree/ChildItemsPanel';
import { useEpicLive } from './useEpicLive';

// The activity (comments, threads, reactions, the comment box) loads when scrolled near.
const EpicActivity = lazyNamed(() => import('../notes/PageActivity'), 'EpicActivity');
/** IE §8: the badge admins see on an epic whose author is banned. */
const HIDDEN_TEXT = 'This epic is hidden because its author has been banned.';

function EpicDetail({ epic, groupPath }: { epic: Epic; groupPath: string }) {
  useEpicLive(groupPath, epic.iid, epic.id);
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
        <ChildItemsPanel
          groupPath={groupPath}
          iid={epic.iid}
          epicId={`gid://gitlab/Epic/${epic.id}`}
          epicTitle={epic.title}
        />
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
