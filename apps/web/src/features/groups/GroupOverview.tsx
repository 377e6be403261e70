import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { groupCrumbs, groupSidebar } from '../../app/groupContext';
import { PageSection } from '../../app/PageSection';
import { ApiError, apiPath, encodeId } from '../../lib/api';
import { namespaceKeys, useApiList } from '../../lib/queries';
import type { Group, Project } from '../../lib/types';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { NamespaceList, type NamespaceRow } from '../dashboard/NamespaceList';
import { NamespaceHeader } from '../shared/NamespaceHeader';

function Children({ group }: { group: Group }) {
  const id = encodeId(group.full_path);
  const subgroups = useApiList<Group>(
    namespaceKeys.lists(),
    apiPath(`/groups/${id}/subgroups`, { per_page: 100, order_by: 'name' }),
  );
  const projects = useApiList<Project>(
    namespaceKeys.lists(),
    apiPath(`/groups/${id}/projects`, { per_page: 100, order_by: 'name', sort: 'asc' }),
  );
  if (subgroups.isPending || projects.isPending) return <PageSpinner label="Loading subgroups and projects" />;
  const error = subgroups.error ?? projects.error;
  if (error) {
    return (
      <ErrorState
        error={error}
        what="list"
        onRetry={() => {
          void subgroups.refetch();
          void projects.refetch();
        }}
      />
    );
  }
  const rows: NamespaceRow[] = [
    ...(subgroups.data?.items ?? []).map((item): NamespaceRow => ({ kind: 'group', group: item })),
    ...(projects.data?.items ?? []).map((item): NamespaceRow => ({ kind: 'project', project: item })),
  ];
  if (rows.length === 0) {
    return <EmptyState title="This group has no subgroups or projects yet" />;
  }
  return <NamespaceList rows={rows} label="Subgroups and projects" showKind />;
}

/** `/:group(/:subgroup…)`: the group header, then its subgroups and projects. */
export function GroupOverview({ group }: { group: Group }) {
  return (
    <ContextLayout
      context={groupSidebar(group.full_path, group)}
      active="overview"
      crumbs={groupCrumbs(group.full_path, group)}
    >
      <NamespaceHeader
        name={group.name}
        id={group.id}
        avatarUrl={group.avatar_url}
        visibility={group.visibility}
        meta={`Group ID: ${group.id} · ${group.full_path}`}
        description={group.description}
      />
      <PageSection id="children-title" title="Subgroups and projects">
        <Children group={group} />
      </PageSection>
    </ContextLayout>
  );
}

/** A group page reached by `/groups/:path` while the group still loads (or failed). */
export function GroupLoading({
  fullPath,
  error,
  onRetry,
}: {
  fullPath: string;
  error?: unknown;
  onRetry?: () => void;
}) {
  return (
    <ContextLayout
      context={error instanceof ApiError && error.status === 404 ? null : groupSidebar(fullPath, undefined)}
      active="overview"
      crumbs={groupCrumbs(fullPath, undefined)}
    >
      {error ? <ErrorState error={error} onRetry={onRetry} what="group" /> : <PageSpinner label="Loading group" />}
    </ContextLayout>
  );
}
