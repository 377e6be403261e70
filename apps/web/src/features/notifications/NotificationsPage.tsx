import type { ReactNode } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { SignInRequired } from '../../app/SignInPrompt';
import { AppLink } from '../../lib/AppLink';
import type { Page } from '../../lib/api';
import { useSession } from '../../lib/session';
import type { Group, Project } from '../../lib/types';
import { useLocationInfo, withParams } from '../../lib/useLocationSearch';
import { Pagination } from '../../ui/Pagination';
import { PageSpinner } from '../../ui/Spinner';
import { LevelSelect } from './LevelSelect';
import styles from './NotificationsPage.module.css';
import { useMemberGroups, useMemberProjects, useNotificationSetting } from './queries';

/**
 * `/-/profile/notifications`: GitLab's Notifications preferences — the global level and email, then a
 * level per group and per project the user belongs to (20 of each per page). Each choice saves at once.
 */
export function NotificationsPage() {
  const { user, isLoading } = useSession();
  let content: ReactNode;
  if (!isLoading && !user) {
    content = <SignInRequired title="Sign in to manage your notifications" />;
  } else if (isLoading) content = <PageSpinner label="Loading notification settings" />;
  else content = <Preferences />;
  return (
    <PlainLayout title="Notifications">
      <header className={layout.pageHeader}>
        <h1>Notifications</h1>
      </header>
      {content}
    </PlainLayout>
  );
}

function Preferences() {
  const global = useNotificationSetting({ kind: 'global' });
  const { pathname, params } = useLocationInfo();
  const pageOf = (name: string) => Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);
  const groups = useMemberGroups(pageOf('groups_page'));
  const projects = useMemberProjects(pageOf('projects_page'));
  const hrefFor = (name: string) => (page: number) =>
    withParams(pathname, params, { [name]: page === 1 ? null : String(page) });
  return (
    <div className={styles.sections}>
      <section className={styles.section} aria-labelledby="global-notifications">
        <h2 id="global-notifications">Global notification settings</h2>
        <p className={styles.help}>
          You can specify notification level per group or per project. By default, all projects and groups use the
          global notifications setting.
        </p>
        <p>
          Global notification email: <strong>{global.data?.notification_email ?? '…'}</strong>
        </p>
        <LevelSelect source={{ kind: 'global' }} />
      </section>
      <MembershipSection kind="group" query={groups} toRow={groupRow} pageHref={hrefFor('groups_page')} />
      <MembershipSection kind="project" query={projects} toRow={projectRow} pageHref={hrefFor('projects_page')} />
    </div>
  );
}

interface MembershipRow {
  key: number;
  name: string;
  href: string;
  source: { kind: 'group' | 'project'; id: number };
}

const groupRow = (group: Group): MembershipRow => ({
  key: group.id,
  name: group.full_name ?? group.full_path,
  href: `/groups/${group.full_path}`,
  source: { kind: 'group', id: group.id },
});

const projectRow = (project: Project): MembershipRow => ({
  key: project.id,
  name: project.name_with_namespace ?? project.path_with_namespace,
  href: `/${project.path_with_namespace}`,
  source: { kind: 'project', id: project.id },
});

/** Each membership list's texts. */
const MEMBERSHIP_TEXT = {
  group: { title: 'Groups', column: 'Group', what: 'groups', empty: 'You are not a member of any group.' },
  project: { title: 'Projects', column: 'Project', what: 'projects', empty: 'You are not a member of any project.' },
} as const;

/** The groups or the projects the user is a member of, a page of them, each with its notification level. */
function MembershipSection<T>({
  kind,
  query,
  toRow,
  pageHref,
}: {
  kind: 'group' | 'project';
  query: { isPending: boolean; isError: boolean; error: Error | null; data?: Page<T>; refetch: () => unknown };
  toRow: (item: T) => MembershipRow;
  /** The address of another page of this list. */
  pageHref: (page: number) => string;
}) {
  const { title, column, what, empty } = MEMBERSHIP_TEXT[kind];
  const id = `${what}-notifications`;
  let body: ReactNode;
  if (query.isPending) body = <PageSpinner label={`Loading ${what}`} />;
  else if (query.isError || !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} what={what} />;
  else if (query.data.items.length === 0) body = <p className={styles.help}>{empty}</p>;
  else
    body = (
      <>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col">Notification level</th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map(toRow).map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <AppLink href={row.href}>{row.name}</AppLink>
                </th>
                <td>
                  <LevelSelect source={row.source} name={row.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pagination
          page={query.data.page}
          prevPage={query.data.prevPage}
          nextPage={query.data.nextPage}
          totalPages={query.data.totalPages}
          hrefFor={pageHref}
        />
      </>
    );
  const total = query.data?.total;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>
        {title}
        {total !== null && total !== undefined ? ` (${total})` : ''}
      </h2>
      <p className={styles.help}>The {what} you are a member of. Global uses your global notification level.</p>
      {body}
    </section>
  );
}
