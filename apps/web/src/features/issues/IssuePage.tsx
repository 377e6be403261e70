import { type ReactNode, Suspense, useState } from 'react';
import { projectCrumbs, projectSidebar } from '../../app/groupContext';
import { lazyNamed } from '../../app/lazyNamed';
import { formatDate, isPastDue } from '../../lib/format';
import { urls } from '../../lib/paths';
import { useProject } from '../../lib/queries';
import type { Issue } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { LabelList } from '../../ui/LabelBadge';
import { PageSpinner } from '../../ui/Spinner';
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
import { IssueActions } from './IssueActions';
import { NotesList } from './NotesList';
import { useIssue, useIssuePermissions } from './queries';

// The edit form (and React Aria's buttons in it) loads on the first Edit.
const IssueEditForm = lazyNamed(() => import('./IssueEditForm'), 'IssueEditForm');

const HEALTH: Record<string, string> = { on_track: 'On track', needs_attention: 'Needs attention', at_risk: 'At risk' };

/** State badges, the "created by" line and the title, with the actions beside them. */
function IssueHeader({ issue, children }: { issue: Issue; children?: ReactNode }) {
  return (
    <DetailHeader
      badges={
        <>
          <OpenBadge state={issue.state} />
          {issue.confidential && <Badge variant="warning">Confidential</Badge>}
          {issue.issue_type && issue.issue_type !== 'issue' && <Badge variant="neutral">{issue.issue_type}</Badge>}
        </>
      }
      byline={<CreatedBy what="Issue" at={issue.created_at} author={issue.author} />}
      title={issue.title}
      actions={children}
    />
  );
}

function IssueDetail({ issue, projectPath }: { issue: Issue; projectPath: string }) {
  const open = issue.state === 'opened';
  const permissions = useIssuePermissions(projectPath, issue.iid);
  const canUpdate = permissions.data?.updateIssue === true;
  const [editing, setEditing] = useState(false);
  return (
    <article>
      {editing && canUpdate ? (
        <Suspense fallback={<PageSpinner label="Loading the editor" />}>
          <IssueEditForm issue={issue} projectPath={projectPath} onClose={() => setEditing(false)} />
        </Suspense>
      ) : (
        <IssueHeader issue={issue}>
          {canUpdate && <IssueActions issue={issue} projectPath={projectPath} onEdit={() => setEditing(true)} />}
        </IssueHeader>
      )}
      <DetailColumns
        description={{ html: issue.description_html, text: issue.description }}
        asideLabel="Issue details"
        aside={
          <>
            <SidebarField label="Assignees">
              <People users={issue.assignees ?? []} empty="None" />
            </SidebarField>
            <SidebarField label="Labels">
              <OrNone>{issue.labels.length > 0 && <LabelList labels={issue.labels} />}</OrNone>
            </SidebarField>
            <SidebarField label="Milestone">
              <OrNone>{issue.milestone?.title}</OrNone>
            </SidebarField>
            <SidebarField label="Weight">
              <OrNone>{issue.weight}</OrNone>
            </SidebarField>
            <SidebarField label="Due date">
              <OrNone>
                {issue.due_date && (
                  <span style={open && isPastDue(issue.due_date) ? { color: 'var(--text-danger)' } : undefined}>
                    {formatDate(issue.due_date)}
                    {open && isPastDue(issue.due_date) ? ' (past due)' : ''}
                  </span>
                )}
              </OrNone>
            </SidebarField>
            {issue.health_status && (
              <SidebarField label="Health status">{HEALTH[issue.health_status] ?? issue.health_status}</SidebarField>
            )}
            <SidebarField label="Reference">
              <code>{issue.references?.full ?? `${projectPath}#${issue.iid}`}</code>
            </SidebarField>
          </>
        }
      >
        <DetailSection id="activity-title" title="Activity">
          <NotesList projectPath={projectPath} iid={issue.iid} />
        </DetailSection>
      </DetailColumns>
    </article>
  );
}

/** `/:group/:project/-/issues/:iid` */
export function IssuePage({ projectPath, iid }: { projectPath: string; iid: number }) {
  const project = useProject(projectPath);
  const issue = useIssue(projectPath, iid);
  return (
    <DetailFrame
      context={projectSidebar(projectPath, project.data)}
      crumbs={projectCrumbs(projectPath, project.data)}
      active="issues"
      list={{ label: 'Issues', href: urls.projectPage(projectPath, 'issues') }}
      self={{ label: `#${iid}`, href: urls.issue(projectPath, iid) }}
      query={issue}
      what="issue"
    >
      {(data) => <IssueDetail issue={data} projectPath={projectPath} />}
    </DetailFrame>
  );
}
