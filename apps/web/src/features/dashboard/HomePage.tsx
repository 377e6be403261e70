import type { ReactNode } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { PageSection } from '../../app/PageSection';
import { SignInButton } from '../../app/SignInPrompt';
import { AppLink } from '../../lib/AppLink';
import { apiPath } from '../../lib/api';
import { namespaceKeys, useApiList } from '../../lib/queries';
import { useSession } from '../../lib/session';
import type { Group, Project } from '../../lib/types';
import { buttonClassName } from '../../ui/buttonClassName';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { FrequentlyVisited } from '../frequent/FrequentlyVisited';
import styles from './HomePage.module.css';
import { NamespaceList } from './NamespaceList';

/** A titled column of the home page with a "View all" link to the full list. */
function HomeSection({ id, title, href, children }: { id: string; title: string; href: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id}>{title}</h2>
        <AppLink href={href}>View all</AppLink>
      </div>
      {children}
    </section>
  );
}

function YourGroups() {
  const query = useApiList<Group>(
    namespaceKeys.lists(),
    apiPath('/groups', { min_access_level: 10, per_page: 8, order_by: 'name' }),
  );
  if (query.isPending) return <PageSpinner label="Loading groups" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  if (query.data.items.length === 0) {
    return <EmptyState title="You are not a member of any group yet" description="Groups you join appear here." />;
  }
  return <NamespaceList label="Your groups" rows={query.data.items.map((group) => ({ kind: 'group', group }))} />;
}

function YourProjects() {
  const query = useApiList<Project>(
    namespaceKeys.lists(),
    apiPath('/projects', { membership: true, per_page: 8, order_by: 'last_activity_at', sort: 'desc' }),
  );
  if (query.isPending) return <PageSpinner label="Loading projects" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  if (query.data.items.length === 0) {
    return <EmptyState title="No projects yet" description="Projects you are a member of appear here." />;
  }
  return (
    <NamespaceList label="Your projects" rows={query.data.items.map((project) => ({ kind: 'project', project }))} />
  );
}

function ExplorePublicGroups() {
  const query = useApiList<Group>(
    namespaceKeys.lists(),
    apiPath('/groups', { top_level_only: true, per_page: 20, order_by: 'name' }),
  );
  if (query.isPending) return <PageSpinner label="Loading groups" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  if (query.data.items.length === 0) {
    return <EmptyState title="No public groups" description="Sign in to see the groups you belong to." />;
  }
  return <NamespaceList label="Public groups" rows={query.data.items.map((group) => ({ kind: 'group', group }))} />;
}

/** `/`: your groups and projects when signed in; public groups to explore otherwise. */
export function HomePage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <PlainLayout title="Explore">
        <section className={styles.hero}>
          <h1>Welcome to Meridian</h1>
          <p className={layout.muted}>Plan work with groups, projects, issues, epics and milestones.</p>
          <div className={styles.heroActions}>
            <SignInButton />
            <AppLink href="/users/sign_up" className={buttonClassName('default')}>
              Register
            </AppLink>
          </div>
        </section>
        <PageSection id="explore-title" title="Explore groups">
          <ExplorePublicGroups />
        </PageSection>
      </PlainLayout>
    );
  }
  return (
    <PlainLayout title="Home">
      <header className={layout.pageHeader}>
        <div>
          <h1>Hi, {user.name.split(' ')[0]}</h1>
          <p className={layout.muted}>Your groups and recently active projects.</p>
        </div>
      </header>
      <PageSection id="frequently-visited" title="Frequently visited">
        <FrequentlyVisited userId={user.id} />
      </PageSection>
      <div className={styles.columns}>
        <HomeSection id="your-projects" title="Projects" href="/dashboard/projects">
          <YourProjects />
        </HomeSection>
        <HomeSection id="your-groups" title="Groups" href="/dashboard/groups">
          <YourGroups />
        </HomeSection>
      </div>
    </PlainLayout>
  );
}
