import { appPathFromWebUrl, projectPathOf, urls } from '../../lib/paths';
import type { MergeRequest } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { type Column, Table } from '../../ui/Table';
import styles from '../issues/IssuesTable.module.css';
import { Icon } from '../shared/Icon';
import { IssuableMeta } from '../shared/IssuableMeta';
import rowStyles from '../shared/IssuableRow.module.css';
import { activityColumn, rowReference, TitleCell, titleColumn } from '../shared/IssuableRowParts';
import { IssuableStats } from '../shared/IssuableStats';
import { Assignees } from '../shared/People';
import { mrStateBadge } from './mergeRequestState';

/** The title without GitLab's draft prefix (`Draft:`, `[Draft]`, `(Draft)`), shown as a badge instead. */
export function withoutDraftPrefix(title: string): string {
  return title.replace(/^\s*(?:\[draft\]|\(draft\)|draft:|draft\s-)\s*/i, '') || title;
}

function StateBadge({ state }: { state: string }) {
  const badge = mrStateBadge(state);
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

export function mergeRequestHref(mr: MergeRequest): string {
  const projectPath = projectPathOf(mr);
  if (projectPath) return urls.mergeRequest(projectPath, mr.iid);
  return appPathFromWebUrl(mr.web_url) ?? '#';
}

/**
 * Merge requests as GitLab lists them: draft badge and title, then reference, author, target branch,
 * milestone and labels; at the right assignees, reviewers, state, counters and when it was updated.
 */
export function MergeRequestsTable({
  mergeRequests,
  showProject,
}: {
  mergeRequests: MergeRequest[];
  showProject: boolean;
}) {
  const columns: Column<MergeRequest>[] = [
    titleColumn((mr) => (
      <TitleCell
        item={mr}
        href={mergeRequestHref(mr)}
        reference={rowReference(mr, '!', showProject)}
        marks={mr.draft && <Badge variant="neutral">Draft</Badge>}
        title={mr.draft ? withoutDraftPrefix(mr.title) : mr.title}
      >
        {mr.target_branch && (
          <span
            className={rowStyles.metaItem}
            title={mr.source_branch ? `${mr.source_branch} → ${mr.target_branch}` : undefined}
          >
            · <Icon name="branch" />
            <span className="visually-hidden">Target branch</span>{' '}
            <code className={styles.ref}>{mr.target_branch}</code>
          </span>
        )}
        <IssuableMeta milestone={mr.milestone} closed={mr.state !== 'opened'} />
      </TitleCell>
    )),
    {
      key: 'people',
      header: 'Assignees and reviewers',
      width: '150px',
      align: 'end',
      secondary: true,
      render: (mr) => (
        <span className={rowStyles.stats}>
          {!!mr.assignees?.length && (
            <span title="Assignees">
              <span className="visually-hidden">Assignees: </span>
              <Assignees users={mr.assignees} />
            </span>
          )}
          {!!mr.reviewers?.length && (
            <span title="Reviewers" className={rowStyles.reviewers}>
              <span className="visually-hidden">Reviewers: </span>
              <Assignees users={mr.reviewers} />
            </span>
          )}
        </span>
      ),
    },
    activityColumn((mr) => (
      <>
        {mr.state !== 'opened' && <StateBadge state={mr.state} />}
        <IssuableStats comments={mr.user_notes_count} upvotes={mr.upvotes} downvotes={mr.downvotes} />
      </>
    )),
  ];
  return <Table caption="Merge requests" columns={columns} rows={mergeRequests} rowKey={(mr) => mr.id} />;
}
