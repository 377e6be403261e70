import { type AnyRoute, createRoute, notFound } from '@tanstack/react-router';
import { type ComponentType, Suspense } from 'react';
import { lazyNamed } from '../app/lazyNamed';
import { PageLoading } from '../app/PageLoading';
import { namespaceFromParam, namespaceToParam } from './rewrite';

// Each page is its own chunk, loaded when first shown: the first load carries only the shell.
const page = {
  NamespaceOverview: lazyNamed(() => import('./NamespaceOverview'), 'NamespaceOverview'),
  GroupOverview: lazyNamed(() => import('./NamespaceOverview'), 'GroupOverviewByPath'),
  EpicsList: lazyNamed(() => import('../features/epics/EpicsListPage'), 'EpicsListPage'),
  Epic: lazyNamed(() => import('../features/epics/EpicPage'), 'EpicPage'),
  NewEpic: lazyNamed(() => import('../features/epics/NewEpicPage'), 'NewEpicPage'),
  Roadmap: lazyNamed(() => import('../features/roadmap/RoadmapPage'), 'RoadmapPage'),
  GroupIssues: lazyNamed(() => import('../features/issues/IssuesListPage'), 'GroupIssuesPage'),
  ProjectIssues: lazyNamed(() => import('../features/issues/IssuesListPage'), 'ProjectIssuesPage'),
  Issue: lazyNamed(() => import('../features/issues/IssuePage'), 'IssuePage'),
  GroupMergeRequests: lazyNamed(
    () => import('../features/merge-requests/MergeRequestsListPage'),
    'GroupMergeRequestsPage',
  ),
  ProjectMergeRequests: lazyNamed(
    () => import('../features/merge-requests/MergeRequestsListPage'),
    'ProjectMergeRequestsPage',
  ),
  MergeRequest: lazyNamed(() => import('../features/merge-requests/MergeRequestPage'), 'MergeRequestPage'),
  Labels: lazyNamed(() => import('../features/labels/LabelsPage'), 'LabelsPage'),
  Milestones: lazyNamed(() => import('../features/milestones/MilestonesPage'), 'MilestonesPage'),
};

/** `$namespace`: parsed to the namespace's full path (`acme~web` in the internal URL, see rewrite.ts). */
const namespaceParams = {
  parse: ({ namespace }: { namespace: string }) => ({ namespace: namespaceFromParam(namespace) }),
  stringify: ({ namespace }: { namespace: string }) => ({ namespace: namespaceToParam(namespace) }),
};

/** `$iid`: a positive whole number, else the page does not exist. */
function parseIid(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}
const iidParams = {
  parse: ({ namespace, iid }: { namespace: string; iid: string }) => ({
    namespace: namespaceFromParam(namespace),
    iid: parseIid(iid),
  }),
  stringify: ({ namespace, iid }: { namespace: string; iid: number }) => ({
    namespace: namespaceToParam(namespace),
    iid: String(iid),
  }),
};

/** A page under its own Suspense, remounted when the namespace (or iid) changes. */
function render<P extends object>(Page: ComponentType<P>, props: P, key: string) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page key={key} {...props} />
    </Suspense>
  );
}

/** The namespace routes: overviews, then group and project pages (GitLab's URLs via rewrite.ts). */
export function namespaceRoutes(rootRoute: AnyRoute) {
  const namespace = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~n/$namespace',
    params: namespaceParams,
    component: function NamespaceRoute() {
      const { namespace: fullPath } = namespace.useParams();
      return render(page.NamespaceOverview, { fullPath }, fullPath);
    },
  });

  const group = createRoute({ getParentRoute: () => rootRoute, path: '/~g/$namespace', params: namespaceParams });
  const groupIndex = createRoute({
    getParentRoute: () => group,
    path: '/',
    component: function GroupRoute() {
      const { namespace: fullPath } = group.useParams();
      return render(page.GroupOverview, { fullPath }, fullPath);
    },
  });
  const groupList = (path: string, Page: ComponentType<{ fullPath: string }>) =>
    createRoute({
      getParentRoute: () => group,
      path,
      component: function GroupListRoute() {
        const { namespace: fullPath } = group.useParams();
        return render(Page, { fullPath }, fullPath);
      },
    });
  const groupContainerPage = (path: string, Page: ComponentType<{ fullPath: string; kind: 'group' }>) =>
    createRoute({
      getParentRoute: () => group,
      path,
      component: function GroupContainerRoute() {
        const { namespace: fullPath } = group.useParams();
        return render(Page, { fullPath, kind: 'group' as const }, fullPath);
      },
    });
  const newEpic = createRoute({
    getParentRoute: () => group,
    path: '/epics/new',
    component: function NewEpicRoute() {
      const { namespace: fullPath } = group.useParams();
      return render(page.NewEpic, { groupPath: fullPath }, fullPath);
    },
  });
  const epic = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~g/$namespace/epics/$iid',
    params: iidParams,
    component: function EpicRoute() {
      const { namespace: fullPath, iid } = epic.useParams();
      return render(page.Epic, { groupPath: fullPath, iid }, `${fullPath}&${iid}`);
    },
  });

  const project = createRoute({ getParentRoute: () => rootRoute, path: '/~p/$namespace', params: namespaceParams });
  const projectList = (path: string, Page: ComponentType<{ fullPath: string }>) =>
    createRoute({
      getParentRoute: () => project,
      path,
      component: function ProjectListRoute() {
        const { namespace: fullPath } = project.useParams();
        return render(Page, { fullPath }, fullPath);
      },
    });
  const projectContainerPage = (path: string, Page: ComponentType<{ fullPath: string; kind: 'project' }>) =>
    createRoute({
      getParentRoute: () => project,
      path,
      component: function ProjectContainerRoute() {
        const { namespace: fullPath } = project.useParams();
        return render(Page, { fullPath, kind: 'project' as const }, fullPath);
      },
    });
  const issue = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~p/$namespace/issues/$iid',
    params: iidParams,
    component: function IssueRoute() {
      const { namespace: fullPath, iid } = issue.useParams();
      return render(page.Issue, { projectPath: fullPath, iid }, `${fullPath}#${iid}`);
    },
  });
  const mergeRequest = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~p/$namespace/merge_requests/$iid',
    params: iidParams,
    component: function MergeRequestRoute() {
      const { namespace: fullPath, iid } = mergeRequest.useParams();
      return render(page.MergeRequest, { projectPath: fullPath, iid }, `${fullPath}!${iid}`);
    },
  });

  return [
    namespace,
    group.addChildren([
      groupIndex,
      groupList('/epics', page.EpicsList),
      newEpic,
      groupList('/roadmap', page.Roadmap),
      groupList('/issues', page.GroupIssues),
      groupList('/merge_requests', page.GroupMergeRequests),
      groupContainerPage('/labels', page.Labels),
      groupContainerPage('/milestones', page.Milestones),
    ]),
    epic,
    project.addChildren([
      projectList('/issues', page.ProjectIssues),
      projectList('/merge_requests', page.ProjectMergeRequests),
      projectContainerPage('/labels', page.Labels),
      projectContainerPage('/milestones', page.Milestones),
    ]),
    issue,
    mergeRequest,
  ];
}
