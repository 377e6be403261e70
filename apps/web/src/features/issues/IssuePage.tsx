import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { AppLink } from '../../lib/AppLink';
import { appPathFromWebUrl } from '../../lib/paths';
import { useSession } from '../../lib/session';
import type { Issue } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { PageSpinner } from '../../ui/Spinner';
import {
  CreatedBy,
  DetailColumns,
  DetailFrame,
  DetailHeader,
  DetailSection,
  editableDescription,
  OpenBadge,
} from '../shared/DetailPage';
import { HiddenBadge, ImportedBadge } from '../shared/HeaderBadges';
import { WorkItemHierarchy } from '../work-items/WorkItemHierarchy';
import { IssueActions } from './IssueActions';
import { issueTypeTitle } from './issueTypeName';
import { LinkedItems } from './LinkedItems';
import { issueKeys, useIssue, useIssuePermissions, useIssueSaving } from './queries';
import { IssueSidebar } from './sidebar/IssueSidebar';
import { useIssuePolling } from './useIssuePolling';
import { useIssueTaskList } from './useIssueTaskList';

// The edit form (and React Aria's buttons in it) loads on the first Edit.
const IssueEditForm = lazyNamed(() => import('./IssueEditForm'), 'IssueEditForm');
// The activity (comments, threads, reactions, the comment box) loads below the description.
const loadActivity = () => import('../notes/PageActivity');
const IssueActivity = lazyNamed(loadActivity, 'IssueActivity');
// An incident's metric images (IE-78) load with the incident only.
const MetricImages = lazyNamed(() => import('../incidents/MetricImages'), 'MetricImages');
const TimelineEvents = lazyNamed(() => import('../incidents/TimelineEvents'), 'TimelineEvents');

/** IE §2.1: a closed issue links where it went — duplicated, moved or promoted, in that priority. */
function ClosedAsLink({ issue }: { issue: Issue }) {
  if (issue.state !== 'closed') return null;
  const [text, url] = issue.duplicated_to_issue_url
    ? ['duplicated', issue.duplicated_to_issue_url]
    : issue.moved_to_issue_url
      ? ['moved', issue.moved_to_issue_url]
      : issue.promoted_to_epic_url
        ? ['promoted', issue.promoted_to_epic_url]
        : [null, null];
  if (!url) return null;
  return (
    <span>
      (<AppLink href={appPathFromWebUrl(url) ?? url}>{text}</AppLink>)
    </span>
  );
}

/** State badges, the "created by" line and the title, with the actions beside them. */
function IssueHeader({ issue, children }: { issue: Issue; children?: ReactNode }) {
  const tasks = issue.task_completion_status;
  return (
    <DetailHeader
      badges={
        <>
          <OpenBadge state={issue.state} />
          <ClosedAsLink issue={issue} />
          {issue.confidential && <Badge variant="warning">Confidential</Badge>}
          {issue.discussion_locked && <Badge variant="warning">Locked</Badge>}
          <HiddenBadge what="issue" hidden={issue.hidden} />
          <ImportedBadge what="issue" imported={issue.imported} />
          {issue.issue_type && issue.issue_type !== 'issue' && (
            <Badge variant="neutral">{issueTypeTitle(issue.issue_type)}</Badge>
          )}
        </>
      }
      byline={
        <>
          <CreatedBy what={issueTypeTitle(issue.issue_type)} at={issue.created_at} author={issue.author} />
          {issue.is_first_contribution && (
            <>
              {' '}
              <Badge variant="info">1st contribution!</Badge>
            </>
          )}
          {tasks && tasks.count > 0 && ` · ${tasks.completed_count} of ${tasks.count} checklist items completed`}
        </>
      }
      title={issue.title}
      actions={children}
      sticky
    />
  );
}

function IssueDetail({ issue, projectPath }: { issue: Issue; projectPath: string }) {
  const { user } = useSession();
  const permissions = useIssuePermissions(projectPath, issue.iid);
  const saving = useIssueSaving(projectPath, issue.iid);
  const canUpdate = permissions.data?.updateIssue === true;
  const [editing, setEditing] = useState(false);
  const noteKeys = useMemo(
    () => ({ notesKey: issueKeys.notes(projectPath, issue.iid), detailKey: issueKeys.detail(projectPath, issue.iid) }),
    [projectPath, issue.iid],
  );
  const taskList = useIssueTaskList(projectPath, issue, canUpdate);
  useIssuePolling(projectPath, issue.iid, issue.id, taskList.busy);
  return (
    <article>
      {editing && canUpdate ? (
        <Suspense fallback={<PageSpinner label="Loading the editor" />}>
          <IssueEditForm issue={issue} projectPath={projectPath} onClose={() => setEditing(false)} />
        </Suspense>
      ) : (
        <IssueHeader issue={issue}>
          <IssueActions
            issue={issue}
            projectPath={projectPath}
            permissions={permissions.data ?? null}
            signedIn={user !== null}
            onEdit={() => setEditing(true)}
          />
        </IssueHeader>
      )}
      <DetailColumns
        description={editableDescription(issue, taskList)}
        asideLabel="Issue details"
        asideBusy={saving}
        aside={<IssueSidebar issue={issue} projectPath={projectPath} permissions={permissions.data ?? null} />}
      >
        {taskList.alert && <Alert variant="danger">{taskList.alert}</Alert>}
        <WorkItemHierarchy issueId={issue.id} />
        <LinkedItems
          projectPath={projectPath}
          iid={issue.iid}
          canLink={permissions.data?.adminIssueRelation === true}
        />
        {issue.issue_type === 'incident' && (
          <>
            <DetailSection id="metric-images-title" title="Metrics" loading="Loading metric images">
              <MetricImages
                projectPath={projectPath}
                iid={issue.iid}
                canEdit={permissions.data?.createIncident === true}
              />
            </DetailSection>
            <DetailSection id="timeline-title" title="Timeline" loading="Loading timeline">
              <TimelineEvents
                projectPath={projectPath}
                iid={issue.iid}
                issueId={issue.id}
                canEdit={permissions.data?.adminIncidentManagementTimelineEvent === true}
              />
            </DetailSection>
          </>
        )}
        <DetailSection id="activity-title" title="Activity" loading="Loading activity">
          <IssueActivity
            issue={issue}
            projectPath={projectPath}
            permissions={permissions.data ?? null}
            keys={noteKeys}
          />
        </DetailSection>
      </DetailColumns>
    </article>
  );
}

/** `/:group/:project/-/issues/:iid` */
export function IssuePage({ projectPath, iid }: { projectPath: string; iid: number }) {
  // The activity's chunk loads beside the issue, not after it (the route's loader has asked for its
  // first page of discussions).
  useEffect(() => {
    void loadActivity();
  }, []);
  return (
    <DetailFrame item="issue" fullPath={projectPath} iid={iid} query={useIssue(projectPath, iid)}>
      {(data) => <IssueDetail issue={data} projectPath={projectPath} />}
    </DetailFrame>
  );
}
