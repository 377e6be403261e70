import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouteComponent,
} from '@tanstack/react-router';
import { lazyNamed } from './app/lazyNamed';
import { NotFoundPage } from './app/NotFoundPage';
import { PageLoading } from './app/PageLoading';
import { RootLayout } from './app/RootLayout';
import { namespaceRoutes } from './routes/namespaceRoutes';
import { gitlabUrlRewrite } from './routes/rewrite';

// Pages load from their own chunks on first use (routes/namespaceRoutes.tsx does the same for namespace pages).
const HomePage = lazyRouteComponent(() => import('./features/dashboard/HomePage'), 'HomePage');
const SignInPage = lazyRouteComponent(() => import('./app/SignInPage'), 'SignInPage');
const SignUpPage = lazyRouteComponent(() => import('./app/SignUpPage'), 'SignUpPage');
const DashboardListPage = lazyNamed(() => import('./features/dashboard/DashboardListPage'), 'DashboardListPage');
const TodoListPage = lazyNamed(() => import('./features/todos/TodoListPage'), 'TodoListPage');
const NotificationsPage = lazyNamed(() => import('./features/notifications/NotificationsPage'), 'NotificationsPage');
const AdminSettingsPage = lazyNamed(() => import('./features/admin/AdminSettingsPage'), 'AdminSettingsPage');
const AbuseReportsPage = lazyNamed(() => import('./features/moderation/AbuseReportsPage'), 'AbuseReportsPage');
const PurchasePage = lazyNamed(() => import('./features/billing/PurchasePage'), 'PurchasePage');
const ImportGroupPage = lazyNamed(() => import('./features/imports/ImportGroupPage'), 'ImportGroupPage');
const ImportRedminePage = lazyNamed(() => import('./features/imports/ImportRedminePage'), 'ImportRedminePage');
const ImportHistoryPage = lazyNamed(() => import('./features/imports/ImportHistoryPage'), 'ImportHistoryPage');
const ImportDirectTransferPage = lazyNamed(
  () => import('./features/imports/ImportDirectTransferPage'),
  'ImportDirectTransferPage',
);
const SourceUserReviewPage = lazyNamed(() => import('./features/imports/SourceUserReviewPage'), 'SourceUserReviewPage');
const AdminOrdersPage = lazyNamed(() => import('./features/billing/AdminOrdersPage'), 'AdminOrdersPage');
const SpamLogsPage = lazyNamed(() => import('./features/moderation/SpamLogsPage'), 'SpamLogsPage');
const GeoSitesPage = lazyNamed(() => import('./features/geo/GeoSitesPage'), 'GeoSitesPage');
const UserProfilePage = lazyNamed(() => import('./features/users/UserProfilePage'), 'UserProfilePage');

/** What route loaders get: the app's query cache, to request a page's data along with its code. */
export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/** A page at the top of the tree (no namespace in its address). */
const topRoute = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const homeRoute = topRoute('/', HomePage);
const signInRoute = topRoute('/users/sign_in', SignInPage);
const signUpRoute = topRoute('/users/sign_up', SignUpPage);
const dashboardGroupsRoute = topRoute('/dashboard/groups', () => <DashboardListPage kind="groups" />);
const dashboardProjectsRoute = topRoute('/dashboard/projects', () => <DashboardListPage kind="projects" />);
const todosRoute = topRoute('/dashboard/todos', () => <TodoListPage />);
const notificationsRoute = topRoute('/-/profile/notifications', NotificationsPage);
const adminGeneralSettingsRoute = topRoute('/admin/application_settings/general', () => (
  <AdminSettingsPage section="general" />
));
const adminNetworkSettingsRoute = topRoute('/admin/application_settings/network', () => (
  <AdminSettingsPage section="network" />
));
const adminAbuseReportsRoute = topRoute('/admin/abuse_reports', AbuseReportsPage);
const adminSpamLogsRoute = topRoute('/admin/spam_logs', SpamLogsPage);
const adminOrdersRoute = topRoute('/admin/subscription_orders', AdminOrdersPage);
const purchaseRoute = topRoute('/-/subscriptions/new', PurchasePage);
const importGroupRoute = topRoute('/groups/new', ImportGroupPage);
const importRedmineRoute = topRoute('/-/import/redmine', ImportRedminePage);
// GitLab's page for choosing the groups of a direct transfer.
const importDirectTransferRoute = topRoute('/import/bulk_imports/status', ImportDirectTransferPage);
const importHistoryRoute = topRoute('/import/bulk_imports/history', ImportHistoryPage);
// GitLab's `/import/source_users/:id`: the user asked reviews a placeholder reassignment.
const sourceUserReviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/import/source_users/$id',
  component: function SourceUserReview() {
    const { id } = sourceUserReviewRoute.useParams();
    return /^\d{1,10}$/.test(id) ? <SourceUserReviewPage id={Number(id)} /> : <NotFoundPage />;
  },
});
const adminGeoSitesRoute = topRoute('/admin/geo/sites', () => <GeoSitesPage />);
const adminGeoSiteEditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/geo/sites/$siteId/edit',
  component: function GeoSiteEdit() {
    const { siteId } = adminGeoSiteEditRoute.useParams();
    return <GeoSitesPage editId={Number(siteId)} />;
  },
});
const userProfileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/users/$username',
  component: function UserProfile() {
    const { username } = userProfileRoute.useParams();
    return <UserProfilePage username={username} />;
  },
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  signInRoute,
  signUpRoute,
  dashboardGroupsRoute,
  dashboardProjectsRoute,
  todosRoute,
  notificationsRoute,
  adminGeneralSettingsRoute,
  adminNetworkSettingsRoute,
  adminAbuseReportsRoute,
  adminSpamLogsRoute,
  adminOrdersRoute,
  adminGeoSitesRoute,
  adminGeoSiteEditRoute,
  purchaseRoute,
  importGroupRoute,
  importRedmineRoute,
  importDirectTransferRoute,
  importHistoryRoute,
  sourceUserReviewRoute,
  userProfileRoute,
  // Namespace pages (`/acme/web/-/issues/3`, `/groups/acme/-/epics`), reached through GitLab's URLs.
  ...namespaceRoutes(rootRoute),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: false,
    scrollRestoration: true,
    defaultPendingComponent: PageLoading,
    rewrite: gitlabUrlRewrite,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
