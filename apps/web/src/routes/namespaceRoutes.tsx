import { isInt4Id } from '@meridian/domain';
import { type AnyRoute, createRoute, notFound } from '@tanstack/react-router';
import { type ReactElement, Suspense } from 'react';
import { lazyNamed } from '../app/lazyNamed';
import { PageLoading } from '../app/PageLoading';
import { issueQuery } from '../features/issues/issueQuery';
import { prefetchIssueDiscussions } from '../features/notes/discussionsQuery';
import type { RouterContext } from '../router';
import { namespaceFromParam, namespaceToParam } from './rewrite';

// Each page is its own chunk, loaded when first shown: the first load carries only the shell.
const page = {
  NamespaceOverview: lazyNamed(() => import('./NamespaceOverview'), 'NamespaceOverview'),
  GroupOverview: lazyNamed(() => import('./NamespaceOverview'), 'GroupOverviewByPath'),
  EpicsList: lazyNamed(() => import('../features/epics/EpicsListPage'), 'EpicsListPage'),
  Epic: lazyNamed(() => import('../features/epics/EpicPage'), 'EpicPage'),
  NewEpic: lazyNamed(() => import('../features/epics/NewEpicPage'), 'NewEpicPage'),
  Roadmap: lazyNamed(() => import('../features/roadmap/RoadmapPage'), 'RoadmapPage'),
  Issues: lazyNamed(() => import('../features/issues/IssuesListPage'), 'IssuesListPage'),
  Issue: lazyNamed(() => import('../features/issues/IssuePage'), 'IssuePage'),
  NewIssue: lazyNamed(() => import('../features/issues/NewIssuePage'), 'NewIssuePage'),
  NewWorkItem: lazyNamed(() => import('../features/work-items/NewWorkItemPage'), 'NewWorkItemPage'),
  MergeRequests: lazyNamed(() => import('../features/merge-requests/MergeRequestsListPage'), 'MergeRequestsListPage'),
  MergeRequest: lazyNamed(() => import('../features/merge-requests/MergeRequestPage'), 'MergeRequestPage'),
  NewMergeRequest: lazyNamed(() => import('../features/merge-requests/NewMergeRequestPage'), 'NewMergeRequestPage'),
  ImportJira: lazyNamed(() => import('../features/imports/ImportJiraPage'), 'ImportJiraPage'),
  Environments: lazyNamed(() => import('../features/environments/EnvironmentsPage'), 'EnvironmentsPage'),
  Labels: lazyNamed(() => import('../features/labels/LabelsPage'), 'LabelsPage'),
  Milestones: lazyNamed(() => import('../features/milestones/MilestonesPage'), 'MilestonesPage'),
  Settings: lazyNamed(() => import('../features/templates/NamespaceSettingsPage'), 'NamespaceSettingsPage'),
  Webhooks: lazyNamed(() => import('../features/webhooks/WebhooksPage'), 'WebhooksPage'),
  GitlabDuo: lazyNamed(() => import('../features/groups/GitlabDuoSettingsPage'), 'GitlabDuoSettingsPage'),
  GroupMembers: lazyNamed(() => import('../features/groups/GroupMembersPage'), 'GroupMembersPage'),
  UsageQuotas: lazyNamed(() => import('../features/billing/UsageQuotasPage'), 'UsageQuotasPage'),
  Billing: lazyNamed(() => import('../features/billing/BillingPage'), 'BillingPage'),
  EscalationPolicies: lazyNamed(() => import('../features/incidents/EscalationPoliciesPage'), 'EscalationPoliciesPage'),
  VulnerabilityReport: lazyNamed(
    () => import('../features/vulnerabilities/VulnerabilityReportPage'),
    'VulnerabilityReportPage',
  ),
  Vulnerability: lazyNamed(() => import('../features/vulnerabilities/VulnerabilityPage'), 'VulnerabilityPage'),
};

/** `$namespace`: parsed to the namespace's full path (`acme~web` in the internal URL, see rewrite.ts). */
const namespaceParams = {
  parse: ({ namespace }: { namespace: string }) => ({ namespace: namespaceFromParam(namespace) }),
  stringify: ({ namespace }: { namespace: string }) => ({ namespace: namespaceToParam(namespace) }),
};

/** `$iid`: a positive whole number, else the page does not exist. */
function parseIid(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || !isInt4Id(Number(raw))) throw notFound();
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
function shown(element: ReactElement, key: string) {
  return (
    <Suspense key={key} fallback={<PageLoading />}>
      {element}
    </Suspense>
  );
}

/** A page route below `parent` (a group or project route), given the namespace's full path. */
function pageUnder<TParent extends AnyRoute>(
  parent: TParent,
  useFullPath: () => string,
  path: string,
  show: (fullPath: string) => ReactElement,
) {
  return createRoute({
    getParentRoute: () => parent,
    path,
    component: function NamespacePageRoute() {
      const fullPath = useFullPath();
      return shown(show(fullPath), fullPath);
    },
  });
}

type ItemParams = { namespace: string; iid: number };

/** The component of an epic, issue or merge request page route. */
function itemPage(useItem: () => ItemParams, show: (fullPath: string, iid: number) => ReactElement) {
  return function ItemRoute() {
    const { namespace: fullPath, iid } = useItem();
    return shown(show(fullPath, iid), `${fullPath}/${iid}`);
  };
}

/** The namespace routes: overviews, then group and project pages (GitLab's URLs via rewrite.ts). */
export function namespaceRoutes(rootRoute: AnyRoute) {
  const namespace = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~n/$namespace',
    params: namespaceParams,
    component: function NamespaceRoute() {
      const fullPath = namespace.useParams().namespace;
      return shown(<page.NamespaceOverview fullPath={fullPath} />, fullPath);
    },
  });

  const group = createRoute({ getParentRoute: () => rootRoute, path: '/~g/$namespace', params: namespaceParams });
  const groupPath = () => group.useParams().namespace;
  const groupPage = (path: string, show: (fullPath: string) => ReactElement) => pageUnder(group, groupPath, path, show);

  const project = createRoute({ getParentRoute: () => rootRoute, path: '/~p/$namespace', params: namespaceParams });
  const projectPath = () => project.useParams().namespace;
  const projectPage = (path: string, show: (fullPath: string) => ReactElement) =>
    pageUnder(project, projectPath, path, show);

  const epic = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~g/$namespace/epics/$iid',
    params: iidParams,
    component: itemPage(
      (): ItemParams => epic.useParams(),
      (p, iid) => <page.Epic groupPath={p} iid={iid} />,
    ),
  });
  const issue = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~p/$namespace/issues/$iid',
    params: iidParams,
    // The issue is requested with the page's chunks, not after them: its title is the largest paint.
    // So are the first page of its activity and the activity's chunk (a long-lived issue's first notes
    // show within a second).
    loader: ({ params, context }) => {
      const { queryClient } = context as RouterContext;
      void queryClient.prefetchQuery(issueQuery(params.namespace, params.iid));
      prefetchIssueDiscussions(queryClient, params.namespace, params.iid);
      void import('../features/notes/PageActivity');
    },
    component: itemPage(
      (): ItemParams => issue.useParams(),
      (p, iid) => <page.Issue projectPath={p} iid={iid} />,
    ),
  });
  // A work item of any issue-backed type shows on the issue page (its type badge, parent and children).
  const workItem = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~p/$namespace/work_items/$iid',
    params: iidParams,
    loader: ({ params, context }) => {
      const { queryClient } = context as RouterContext;
      void queryClient.prefetchQuery(issueQuery(params.namespace, params.iid));
    },
    component: itemPage(
      (): ItemParams => workItem.useParams(),
      (p, iid) => <page.Issue projectPath={p} iid={iid} />,
    ),
  });
  // GitLab's `/-/security/vulnerabilities/:id`: the id is the vulnerability's own (no iid), parsed the same way.
  const vulnerability = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~p/$namespace/security/vulnerabilities/$iid',
    params: iidParams,
    component: itemPage(
      (): ItemParams => vulnerability.useParams(),
      (p, id) => <page.Vulnerability projectPath={p} id={id} />,
    ),
  });
  const mergeRequest = createRoute({
    getParentRoute: () => rootRoute,
    path: '/~p/$namespace/merge_requests/$iid',
    params: iidParams,
    component: itemPage(
      (): ItemParams => mergeRequest.useParams(),
      (p, iid) => <page.MergeRequest projectPath={p} iid={iid} />,
    ),
  });

  return [
    namespace,
    group.addChildren([
      groupPage('/', (p) => <page.GroupOverview fullPath={p} />),
      groupPage('/epics', (p) => <page.EpicsList fullPath={p} />),
      groupPage('/epics/new', (p) => <page.NewEpic groupPath={p} />),
      groupPage('/work_items/new', (p) => <page.NewWorkItem kind="group" fullPath={p} />),
      groupPage('/roadmap', (p) => <page.Roadmap fullPath={p} />),
      groupPage('/issues', (p) => <page.Issues kind="group" fullPath={p} />),
      groupPage('/merge_requests', (p) => <page.MergeRequests kind="group" fullPath={p} />),
      groupPage('/labels', (p) => <page.Labels kind="group" fullPath={p} />),
      groupPage('/milestones', (p) => <page.Milestones kind="group" fullPath={p} />),
      groupPage('/settings/general', (p) => <page.Settings kind="group" fullPath={p} />),
      groupPage('/settings/gitlab_duo', (p) => <page.GitlabDuo groupPath={p} />),
      groupPage('/hooks', (p) => <page.Webhooks kind="group" fullPath={p} />),
      groupPage('/usage_quotas', (p) => <page.UsageQuotas groupPath={p} />),
      groupPage('/billings', (p) => <page.Billing groupPath={p} />),
      groupPage('/group_members', (p) => <page.GroupMembers groupPath={p} />),
    ]),
    epic,
    project.addChildren([
      projectPage('/issues', (p) => <page.Issues kind="project" fullPath={p} />),
      projectPage('/issues/new', (p) => <page.NewIssue projectPath={p} />),
      projectPage('/work_items/new', (p) => <page.NewWorkItem kind="project" fullPath={p} />),
      projectPage('/merge_requests', (p) => <page.MergeRequests kind="project" fullPath={p} />),
      projectPage('/merge_requests/new', (p) => <page.NewMergeRequest projectPath={p} />),
      projectPage('/labels', (p) => <page.Labels kind="project" fullPath={p} />),
      projectPage('/milestones', (p) => <page.Milestones kind="project" fullPath={p} />),
      projectPage('/settings/general', (p) => <page.Settings kind="project" fullPath={p} />),
      projectPage('/hooks', (p) => <page.Webhooks kind="project" fullPath={p} />),
      projectPage('/environments', (p) => <page.Environments projectPath={p} />),
      projectPage('/security/vulnerability_report', (p) => <page.VulnerabilityReport projectPath={p} />),
      projectPage('/escalation_policies', (p) => <page.EscalationPolicies projectPath={p} />),
      projectPage('/import/jira', (p) => <page.ImportJira projectPath={p} />),
    ]),
    vulnerability,
    issue,
    workItem,
    mergeRequest,
  ];
}
