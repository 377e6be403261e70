import { useMemo } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { timeAgo } from '../../lib/format';
import type { MergeRequest } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { LabelList } from '../../ui/LabelBadge';
import { DetailColumns, DetailFrame, DetailHeader, DetailSection, OrNone } from '../shared/DetailPage';
import { People, SidebarField } from '../shared/People';
import { mrStateBadge } from './mergeRequestState';
import { mergeRequestKeys, useMergeRequest } from './queries';

// The activity (comments, resolvable threads, reactions, the comment box) is the shared notes UI, lazily.
const MergeRequestActivity = lazyNamed(() => import('../notes/PageActivity'), 'MergeRequestActivity');

function MergeRequestDetail({ mr, projectPath }: { mr: MergeRequest; projectPath: string }) {
  const badge = mrStateBadge(mr.state);
  const noteKeys = useMemo(
    () => ({
      notesKey: mergeRequestKeys.notes(projectPath, mr.iid),
      detailKey: mergeRequestKeys.detail(projectPath, mr.iid),
    }),
    [projectPath, mr.iid],
  );
  return (
    <article>
      <DetailHeader
        badges={
          <>
            <Badge variant={badge.variant}>{badge.label}</Badge>
            {mr.draft && <Badge variant="neutral">Draft</Badge>}
          </>
        }
        byline={
          <>
            {mr.author ? <strong>{mr.author.name}</strong> : 'Someone'} requested to merge{' '}
            {mr.source_branch && <code>{mr.source_branch}</code>} into{' '}
            {mr.target_branch && <code>{mr.target_branch}</code>}{' '}
            <time dateTime={mr.created_at}>{timeAgo(mr.created_at)}</time>
          </>
        }
        title={mr.title}
      />
      <DetailColumns
        description={{ html: mr.description_html, text: mr.description }}
        asideLabel="Merge request details"
        aside={
          <>
            <SidebarField label="Assignees">
              <People users={mr.assignees ?? []} empty="None" />
            </SidebarField>
            <SidebarField label="Reviewers">
              <People users={mr.reviewers ?? []} empty="None" />
            </SidebarField>
            <SidebarField label="Labels">
              <OrNone>{mr.labels.length > 0 && <LabelList labels={mr.labels} />}</OrNone>
            </SidebarField>
            <SidebarField label="Milestone">
              <OrNone>{mr.milestone?.title}</OrNone>
            </SidebarField>
            <SidebarField label="Reference">
              <code>{mr.references?.full ?? `${projectPath}!${mr.iid}`}</code>
            </SidebarField>
          </>
        }
      >
        <DetailSection id="activity-title" title="Activity" loading="Loading activity">
          <MergeRequestActivity mr={mr} projectPath={projectPath} keys={noteKeys} />
        </DetailSection>
      </DetailColumns>
    </article>
  );
}

/** `/:group/:project/-/merge_requests/:iid` */
export function MergeRequestPage({ projectPath, iid }: { projectPath: string; iid: number }) {
  return (
    <DetailFrame item="merge_request" fullPath={projectPath} iid={iid} query={useMergeRequest(projectPath, iid)}>
      {(data) => <MergeRequestDetail mr={data} projectPath={projectPath} />}
    </DetailFrame>
  );
}
