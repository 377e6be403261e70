import { AppLink } from '../lib/AppLink';
import { urls } from '../lib/paths';
import { Avatar } from '../ui/Avatar';
import styles from './Sidebar.module.css';

export type SidebarContext =
  | { kind: 'group'; fullPath: string; name: string; id?: number; avatarUrl?: string | null }
  | { kind: 'project'; fullPath: string; name: string; id?: number; avatarUrl?: string | null };

export type SidebarItemId = 'overview' | 'issues' | 'epics' | 'roadmap' | 'merge_requests' | 'milestones' | 'labels';

interface Item {
  id: SidebarItemId;
  label: string;
  href: string;
}

function itemsFor(context: SidebarContext): Item[] {
  const path = context.fullPath;
  if (context.kind === 'group') {
    return [
      { id: 'overview', label: 'Overview', href: urls.group(path) },
      { id: 'issues', label: 'Issues', href: urls.groupPage(path, 'issues') },
      { id: 'epics', label: 'Epics', href: urls.groupPage(path, 'epics') },
      { id: 'roadmap', label: 'Roadmap', href: urls.groupPage(path, 'roadmap') },
      { id: 'merge_requests', label: 'Merge requests', href: urls.groupPage(path, 'merge_requests') },
      { id: 'milestones', label: 'Milestones', href: urls.groupPage(path, 'milestones') },
      { id: 'labels', label: 'Labels', href: urls.groupPage(path, 'labels') },
    ];
  }
  return [
    { id: 'overview', label: 'Overview', href: urls.project(path) },
    { id: 'issues', label: 'Issues', href: urls.projectPage(path, 'issues') },
    { id: 'merge_requests', label: 'Merge requests', href: urls.projectPage(path, 'merge_requests') },
    { id: 'milestones', label: 'Milestones', href: urls.projectPage(path, 'milestones') },
    { id: 'labels', label: 'Labels', href: urls.projectPage(path, 'labels') },
  ];
}

/** Left navigation for the current group or project. */
export function Sidebar({ context, active }: { context: SidebarContext; active: SidebarItemId }) {
  return (
    <aside className={styles.sidebar}>
      <AppLink
        href={context.kind === 'group' ? urls.group(context.fullPath) : urls.project(context.fullPath)}
        className={styles.context}
      >
        <Avatar name={context.name} src={context.avatarUrl} seed={context.id ?? 0} size={32} shape="rect" />
        <span className={styles.contextText}>
          <span className={styles.contextKind}>{context.kind === 'group' ? 'Group' : 'Project'}</span>
          <span className={styles.contextName}>{context.name}</span>
        </span>
      </AppLink>
      <nav aria-label={context.kind === 'group' ? 'Group navigation' : 'Project navigation'}>
        <ul className={styles.list}>
          {itemsFor(context).map((item) => (
            <li key={item.id}>
              <AppLink
                href={item.href}
                className={`${styles.link} ${item.id === active ? styles.active : ''}`}
                aria-current={item.id === active ? 'page' : undefined}
              >
                {item.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
