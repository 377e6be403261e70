import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { projectCrumbs, projectSidebar } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { AppLink } from '../../lib/AppLink';
import { apiPath, encodeId } from '../../lib/api';
import { timeAgo } from '../../lib/format';
import { urls } from '../../lib/paths';
import { type QueryScope, useApiList } from '../../lib/queries';
import type { Issue, Project } from '../../lib/types';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { IssuesTable } from '../issues/IssuesTable';
import { issueKeys } from '../issues/queries';
import { mergeRequestKeys } from '../merge-requests/queries';
import { milestoneKeys } from '../milestones/queries';
import { NamespaceHeader } from '../shared/NamespaceHeader';
import styles from './ProjectOverview.module.css';

function RecentIssues({ project }: { project: Project }) {
  const query = useApiList<Issue>(
    issueKeys.lists(),
    apiPath(`/projects/${encodeId(project.path_with_namespace)}/issues`, {
      state: 'opened',
      per_page: 5,
      order_by: 'updated_at',
      sort: 'desc',
      with_labels_details: true,
    }),
  );
  if (query.isPending) return <PageSpinner label="Loading issues" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  if (query.data.items.length === 0)
    return <EmptyState title="No open issues" description="Everything is done here." />;
  return <IssuesTable issues={query.data.items} projectPath={project.path_with_namespace} />;
}

function countUrl(projectPath: string, list: string, state: string): string {
  return apiPath(`/projects/${encodeId(projectPath)}/${list}`, { state, per_page: 1 });
}

/** A link card with the list's X-Total (blank while loading or when the list is unavailable). */
function CountCard({ href, label, scope, url }: { href: string; label: string; scope: QueryScope; url: string }) {
  const query = useApiList<unknown>(scope, url);
  return (
    <AppLink href={href} className={styles.stat}>
      <span className={styles.statValue}>{query.data?.total?.toLocaleString('en') ?? '\u00a0'}</span>
      <span className={styles.statLabel}>{label}</span>
    </AppLink>
  );
}

/** `/:group/:project`: name, description, counts and the recently updated open issues. */
export function ProjectOverview({ project }: { project: Project }) {
  const path = project.path_with_namespace;
  return (
    <ContextLayout context={projectSidebar(path, project)} active="overview" crumbs={projectCrumbs(path, project)}>
      <NamespaceHeader
        name={project.name}
        id={project.id}
        visibility={project.visibility}
        meta={
          <>
            Project ID: {project.id} · {path}
            {project.last_activity_at && ` · updated ${timeAgo(project.last_activity_at)}`}
          </>
        }
        description={project.description}
      />
      <nav className={styles.stats} aria-label="Project lists">
        <CountCard
          href={urls.projectPage(path, 'issues')}
          label="Open issues"
          scope={issueKeys.lists()}
          url={countUrl(path, 'issues', 'opened')}
        />
        <CountCard
          href={urls.projectPage(path, 'merge_requests')}
          label="Open merge requests"
          scope={mergeRequestKeys.lists()}
          url={countUrl(path, 'merge_requests', 'opened')}
        />
        <CountCard
          href={urls.projectPage(path, 'milestones')}
          label="Active milestones"
          scope={milestoneKeys.lists()}
          url={countUrl(path, 'milestones', 'active')}
        />
      </nav>
      <section className={layout.section} aria-labelledby="recent-issues">
        <div className={styles.sectionHead}>
          <h2 id="recent-issues">Recently updated open issues</h2>
          <AppLink href={urls.projectPage(path, 'issues')}>View all issues</AppLink>
        </div>
        <RecentIssues project={project} />
      </section>
    </ContextLayout>
  );
}
