import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { projectCrumbs, projectSidebar } from '../../app/groupContext';
import { timeAgo } from '../../lib/format';
import { LabelColorsProvider } from '../../lib/LabelColors';
import { urls } from '../../lib/paths';
import { useProject } from '../../lib/queries';
import type { MergeRequest } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { LabelList } from '../../ui/LabelBadge';
import { PageSpinner } from '../../ui/Spinner';
import { Description } from '../shared/Description';
import styles from '../shared/DetailLayout.module.css';
import { People, SidebarField } from '../shared/People';
import { mrStateBadge } from './mergeRequestState';
import { useMergeRequest } from './queries';

function MergeRequestDetail({ mr, projectPath }: { mr: MergeRequest; projectPath: string }) {
  const badge = mrStateBadge(mr.state);
  return (
    <article>
      <header className={styles.header}>
        <div className={styles.metaLine}>
          <Badge variant={badge.variant}>{badge.label}</Badge>
          {mr.draft && <Badge variant="neutral">Draft</Badge>}
          <span>
            {mr.author ? <strong>{mr.author.name}</strong> : 'Someone'} requested to merge{' '}
            {mr.source_branch && <code>{mr.source_branch}</code>} into{' '}
            {mr.target_branch && <code>{mr.target_branch}</code>}{' '}
            <time dateTime={mr.created_at}>{timeAgo(mr.created_at)}</time>
          </span>
        </div>
        <h1 className={styles.title}>{mr.title}</h1>
      </header>
      <div className={styles.columns}>
        <div className={styles.content}>
          <Description html={mr.description_html} text={mr.description} empty="No description provided." />
        </div>
        <aside className={styles.aside} aria-label="Merge request details">
          <SidebarField label="Assignees">
            <People users={mr.assignees ?? []} empty="None" />
          </SidebarField>
          <SidebarField label="Reviewers">
            <People users={mr.reviewers ?? []} empty="None" />
          </SidebarField>
          <SidebarField label="Labels">
            {mr.labels.length > 0 ? <LabelList labels={mr.labels} /> : <span className={styles.none}>None</span>}
          </SidebarField>
          <SidebarField label="Milestone">
            {mr.milestone ? mr.milestone.title : <span className={styles.none}>None</span>}
          </SidebarField>
          <SidebarField label="Reference">
            <code>{mr.references?.full ?? `${projectPath}!${mr.iid}`}</code>
          </SidebarField>
        </aside>
      </div>
    </article>
  );
}

/** `/:group/:project/-/merge_requests/:iid` */
export function MergeRequestPage({ projectPath, iid }: { projectPath: string; iid: number }) {
  const project = useProject(projectPath);
  const mr = useMergeRequest(projectPath, iid);
  return (
    <ContextLayout
      context={projectSidebar(projectPath, project.data)}
      active="merge_requests"
      title={mr.data ? `${mr.data.title} (!${iid})` : undefined}
      crumbs={projectCrumbs(
        projectPath,
        project.data,
        { label: 'Merge requests', href: urls.projectPage(projectPath, 'merge_requests') },
        { label: `!${iid}`, href: urls.mergeRequest(projectPath, iid) },
      )}
    >
      <LabelColorsProvider kind="project" fullPath={projectPath}>
        {mr.isPending ? (
          <PageSpinner label="Loading merge request" />
        ) : mr.isError ? (
          <ErrorState error={mr.error} onRetry={() => void mr.refetch()} what="merge request" />
        ) : (
          <MergeRequestDetail mr={mr.data} projectPath={projectPath} />
        )}
      </LabelColorsProvider>
    </ContextLayout>
  );
}
