import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
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
const AdminSettingsPage = lazyNamed(() => import('./features/admin/AdminSettingsPage'), 'AdminSettingsPage');

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });
const signInRoute = createRoute({ getParentRoute: () => rootRoute, path: '/users/sign_in', component: SignInPage });
const signUpRoute = createRoute({ getParentRoute: () => rootRoute, path: '/users/sign_up', component: SignUpPage });
const dashboardGroupsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard/groups',
  component: () => <DashboardListPage kind="groups" />,
});
const dashboardProjectsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard/projects',
  component: () => <DashboardListPage kind="projects" />,
});
const adminGeneralSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/application_settings/general',
  component: () => <AdminSettingsPage section="general" />,
});
const adminNetworkSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/application_settings/network',
  component: () => <AdminSettingsPage section="network" />,
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  signInRoute,
  signUpRoute,
  dashboardGroupsRoute,
  dashboardProjectsRoute,
  adminGeneralSettingsRoute,
  adminNetworkSettingsRoute,
  // Namespace pages (`/acme/web/-/issues/3`, `/groups/acme/-/epics`), reached through GitLab's URLs.
  ...namespaceRoutes(rootRoute),
]);

export function createAppRouter() {
  return createRouter({
    routeTree,
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
