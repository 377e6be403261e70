import { AppLink } from '../lib/AppLink';
import { urls } from '../lib/paths';
import { Avatar } from '../ui/Avatar';
import styles from './Sidebar.module.css';

export interface SidebarContext {
  kind: 'group' | 'project';
  fullPath: string;
  name: string;
  id?: number;
  avatarUrl?: string | null;
  /** The Settings link shows only to those who may change a setting (today: the description templates). */
  canManageSettings?: boolean;
  /** A top-level group's Owner: the Usage quotas page. */
  canSeeSeats?: boolean;
  /** Owners (and administrators) of a group: its GitLab Duo settings. */
  canManageDuo?: boolean;
  /** A project's Developers and up: its vulnerability report. */
  canReadVulnerabilities?: boolean;
  canReadEscalationPolicies?: boolean;
}

export type SidebarItemId =
  | 'overview'
  | 'issues'
  | 'epics'
  | 'roadmap'
  | 'merge_requests'
  | 'milestones'
  | 'labels'
  | 'environments'
  | 'settings'
  | 'hooks'
  | 'usage_quotas'
  | 'gitlab_duo'
  | 'billings'
  | 'group_members'
  | 'vulnerability_report'
  | 'escalation_policies';

interface Item {
  id: SidebarItemId;
  label: string;
  href: string;
}

const LABELS: Record<SidebarItemId, string> = {
  overview: 'Overview',
  issues: 'Issues',
  epics: 'Epics',
  roadmap: 'Roadmap',
  merge_requests: 'Merge requests',
  milestones: 'Milestones',
  labels: 'Labels',
  environments: 'Environments',
  settings: 'Settings',
  hooks: 'Webhooks',
  usage_quotas: 'Usage quotas',
  gitlab_duo: 'GitLab Duo',
  billings: 'Billing',
  group_members: 'Members',
  vulnerability_report: 'Vulnerability report',
  escalation_policies: 'Escalation policies',
};

/** A group's pages after its overview, in sidebar order; a project has the ones it shares with groups. */
const GROUP_PAGES = ['issues', 'epics', 'roadmap', 'merge_requests', 'milestones', 'labels'] as const;
const PROJECT_PAGES = ['issues', 'merge_requests', 'milestones', 'labels', 'environments'] as const;

function itemsFor(context: SidebarContext): Item[] {
  const path = context.fullPath;
  const group = context.kind === 'group';
  const pages: Item[] = group
    ? [
        ...GROUP_PAGES.map((id) => ({ id, label: LABELS[id], href: urls.groupPage(path, id) })),
        { id: 'group_members' as const, label: LABELS.group_members, href: urls.groupMembers(path) },
      ]
    : [
        ...PROJECT_PAGES.map((id) => ({ id, label: LABELS[id], href: urls.projectPage(path, id) })),
        ...(context.canReadVulnerabilities
          ? [
              {
                id: 'vulnerability_report' as const,
                label: LABELS.vulnerability_report,
                href: urls.vulnerabilityReport(path),
              },
            ]
          : []),
        ...(context.canReadEscalationPolicies
          ? [
              {
                id: 'escalation_policies' as const,
                label: LABELS.escalation_policies,
                href: urls.escalationPolicies(path),
              },
            ]
          : []),
      ];
  const settings: Item[] = context.canManageSettings
    ? [
        { id: 'settings', label: LABELS.settings, href: urls.settings(context.kind, path) },
        { id: 'hooks', label: LABELS.hooks, href: urls.hooks(context.kind, path) },
      ]
    : [];
  if (context.canSeeSeats) {
    settings.push({ id: 'usage_quotas', label: LABELS.usage_quotas, href: urls.usageQuotas(path) });
    settings.push({ id: 'billings', label: LABELS.billings, href: urls.billings(path) });
  }
  if (context.canManageDuo) settings.push({ id: 'gitlab_duo', label: LABELS.gitlab_duo, href: urls.gitlabDuo(path) });
  return [
    { id: 'overview', label: LABELS.overview, href: group ? urls.group(path) : urls.project(path) },
    ...pages,
    ...settings,
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
