import { type ReactNode, Suspense, useState } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { projectCrumbs, projectSidebar } from '../../app/groupContext';
import { lazyNamed } from '../../app/lazyNamed';
import { timeAgo } from '../../lib/format';
import { LabelColorsProvider } from '../../lib/LabelColors';
import { urls } from '../../lib/paths';
import { useProject } from '../../lib/queries';
import { useSession } from '../../lib/session';
import type { Issue } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { PageSpinner } from '../../ui/Spinner';
import { Description } from '../shared/Description';
import styles from '../shared/DetailLayout.module.css';
import { IssueActions } from './IssueActions';
import { NotesList } from './NotesList';
import { useIssue, useIssuePermissions } from './queries';
import { IssueSidebar } from './sidebar/IssueSidebar';

// The edit form (and React Aria's buttons in it) loads on the first Edit.
const IssueEditForm = lazyNamed(() => import('./IssueEditForm'), 'IssueEditForm');

/** State badges, the "created by" line and the title, with the actions beside them. */
function IssueHeader({ issue, children }: { issue: Issue; children?: ReactNode }) {
  const open = issue.state === 'opened';
  return (
    <header className={styles.header}>
      <div className={styles.metaLine}>
        <Badge variant={open ? 'success' : 'info'}>{open ? 'Open' : 'Closed'}</Badge>
        {issue.confidential && <Badge variant="warning">Confidential</Badge>}
        {issue.discussion_locked && <Badge variant="warning">Locked</Badge>}
        {issue.issue_type && issue.issue_type !== 'issue' && <Badge variant="neutral">{issue.issue_type}</Badge>}
        <span>
          Issue created <time dateTime={issue.created_at}>{timeAgo(issue.created_at)}</time>
          {issue.author && (
            <>
              {' '}
              by <strong>{issue.author.name}</strong>
            </>
          )}
        </span>
        {children && <span style={{ marginLeft: 'auto' }}>{children}</span>}
      </div>
      <h1 className={styles.title}>{issue.title}</h1>
    </header>
  );
}

function IssueDetail({ issue, projectPath }: { issue: Issue; projectPath: string }) {
  const { user } = useSession();
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
          <IssueActions
            issue={issue}
            projectPath={projectPath}
            permissions={permissions.data ?? null}
            signedIn={user !== null}
            onEdit={() => setEditing(true)}
          />
        </IssueHeader>
      )}
      <div className={styles.columns}>
        <div className={styles.content}>
          <Description html={issue.description_html} text={issue.description} empty="No description provided." />
          <section className={styles.section} aria-labelledby="activity-title">
            <h2 id="activity-title" className={styles.sectionTitle}>
              Activity
            </h2>
            {issue.discussion_locked && (
              <p className={styles.lockedNote}>
                The discussion in this issue is locked. Only project members can comment.
              </p>
            )}
            <NotesList projectPath={projectPath} iid={issue.iid} />
          </section>
        </div>
        <IssueSidebar issue={issue} projectPath={projectPath} permissions={permissions.data ?? null} />
      </div>
    </article>
  );
}

/** `/:group/:project/-/issues/:iid` */
export function IssuePage({ projectPath, iid }: { projectPath: string; iid: number }) {
  const project = useProject(projectPath);
  const issue = useIssue(projectPath, iid);
  return (
    <ContextLayout
      context={projectSidebar(projectPath, project.data)}
      active="issues"
      title={issue.data ? `${issue.data.title} (#${iid})` : undefined}
      crumbs={projectCrumbs(
        projectPath,
        project.data,
        { label: 'Issues', href: urls.projectPage(projectPath, 'issues') },
        { label: `#${iid}`, href: urls.issue(projectPath, iid) },
      )}
    >
      <LabelColorsProvider kind="project" fullPath={projectPath}>
        {issue.isPending ? (
          <PageSpinner label="Loading issue" />
        ) : issue.isError ? (
          <ErrorState error={issue.error} onRetry={() => void issue.refetch()} what="issue" />
        ) : (
          <IssueDetail issue={issue.data} projectPath={projectPath} />
        )}
      </LabelColorsProvider>
    </ContextLayout>
  );
}
