import { useRouter } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { SignInButton } from '../../app/SignInPrompt';
import { AppLink } from '../../lib/AppLink';
import { apiPath } from '../../lib/api';
import { namespaceKeys, useApiList } from '../../lib/queries';
import { useSession } from '../../lib/session';
import type { Group, Project } from '../../lib/types';
import { useLocationInfo, withParams } from '../../lib/useLocationSearch';
import { buttonClassName } from '../../ui/buttonClassName';
import { EmptyState } from '../../ui/EmptyState';
import { PageLinks } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import styles from './DashboardListPage.module.css';
import { NamespaceList, type NamespaceRow } from './NamespaceList';

const PER_PAGE = 20;

/** `/dashboard/groups` and `/dashboard/projects` (with `?search=` and `?page=`). */
export function DashboardListPage({ kind }: { kind: 'groups' | 'projects' }) {
  const { user, isLoading } = useSession();
  const router = useRouter();
  const { pathname, params } = useLocationInfo();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);

  const url =
    kind === 'groups'
      ? apiPath('/groups', {
          ...(user ? { min_access_level: 10 } : {}),
          search,
          page,
          per_page: PER_PAGE,
          order_by: 'name',
        })
      : apiPath('/projects', {
          ...(user ? { membership: true } : {}),
          search,
          page,
          per_page: PER_PAGE,
          order_by: 'last_activity_at',
          sort: 'desc',
        });
  const query = useApiList<Group | Project>(namespaceKeys.lists(), url, !isLoading);
  const noun = kind === 'groups' ? 'groups' : 'projects';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void router.navigate({ href: withParams(pathname, params, { search: draft.trim() || null, page: null }) });
  };

  let content: ReactNode;
  if (isLoading || query.isPending) content = <PageSpinner label={`Loading ${noun}`} />;
  else if (query.isError) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} what="list" />;
  else if (query.data.items.length === 0) {
    content = (
      <EmptyState
        title={search ? `No ${noun} match "${search}"` : `No ${noun} found`}
        description={
          search
            ? 'Try a different search term.'
            : user
              ? `${kind === 'groups' ? 'Groups' : 'Projects'} you are a member of appear here.`
              : `Sign in to see your ${noun}.`
        }
        action={!user && <SignInButton />}
      />
    );
  } else {
    const rows: NamespaceRow[] = query.data.items.map((item) =>
      kind === 'groups' ? { kind: 'group', group: item as Group } : { kind: 'project', project: item as Project },
    );
    content = (
      <>
        <NamespaceList rows={rows} label={user ? `Your ${noun}` : `Public ${noun}`} />
        <PageLinks of={query.data} />
      </>
    );
  }

  return (
    <PlainLayout title={kind === 'groups' ? 'Groups' : 'Projects'}>
      <header className={layout.pageHeader}>
        <h1>{user ? `Your ${noun}` : `Explore ${noun}`}</h1>
        <search>
          <form onSubmit={onSubmit}>
            <label htmlFor="dashboard-filter" className="visually-hidden">
              Filter by name
            </label>
            <input
              id="dashboard-filter"
              className={styles.filterInput}
              type="search"
              placeholder="Filter by name"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </form>
        </search>
        {user && kind === 'groups' && (
          <AppLink href="/groups/new" className={buttonClassName('default')}>
            Import group
          </AppLink>
        )}
      </header>
      <nav aria-label="Dashboard lists" className={styles.switcher}>
        <AppLink href="/dashboard/projects" aria-current={kind === 'projects' ? 'page' : undefined}>
          Projects
        </AppLink>
        <AppLink href="/dashboard/groups" aria-current={kind === 'groups' ? 'page' : undefined}>
          Groups
        </AppLink>
      </nav>
      {content}
    </PlainLayout>
  );
}
