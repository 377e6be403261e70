import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import settings from '../../ui/SettingsSection.module.css';

/** The pages a group and a project both have: lists (labels, milestones) and settings (General, Webhooks). */
type NamespacePage =
  | 'labels'
  | 'milestones'
  | 'settings'
  | 'hooks'
  | 'usage_quotas'
  | 'gitlab_duo'
  | 'billings'
  | 'group_members';
/** Settings pages only a top-level group has, each with its own address. */
const GROUP_ONLY_PAGES = {
  usage_quotas: urls.usageQuotas,
  gitlab_duo: urls.gitlabDuo,
  billings: urls.billings,
  group_members: (groupPath: string) => urls.groupMembers(groupPath),
} as const;
const SETTINGS_PAGES = new Set<NamespacePage>(['settings', 'hooks', 'usage_quotas', 'gitlab_duo', 'billings']);

export interface FramedNamespace {
  /** The REST path of the page's resource: `/groups/:id/labels`, `/projects/:id/hooks`. */
  apiPath: string;
  /** The namespace's own query (its permissions, for a settings page). */
  query: ReturnType<typeof useNamespaceContext>['query'];
}

/**
 * A page a group and a project both have: the namespace's sidebar, the crumbs down to the page and
 * its heading, settings pages in the settings column; `children` gets the namespace.
 */
export function NamespacePageFrame({
  kind,
  fullPath,
  page,
  title,
  children,
}: {
  kind: 'group' | 'project';
  fullPath: string;
  page: NamespacePage;
  title: string;
  children: (namespace: FramedNamespace) => ReactNode;
}) {
  const { context, crumbs, pageHref, query } = useNamespaceContext(kind, fullPath);
  const isSettings = SETTINGS_PAGES.has(page);
  const href =
    page === 'settings' || page === 'hooks'
      ? urls[page](kind, fullPath)
      : page in GROUP_ONLY_PAGES
        ? GROUP_ONLY_PAGES[page as keyof typeof GROUP_ONLY_PAGES](fullPath)
        : pageHref(page as 'labels' | 'milestones');
  const apiPath = `/${kind === 'group' ? 'groups' : 'projects'}/${encodeId(fullPath)}/${page}`;
  const content = (
    <>
      <header className={layout.pageHeader}>
        <h1>{title}</h1>
      </header>
      {children({ apiPath, query })}
    </>
  );
  return (
    <ContextLayout context={context} active={page} crumbs={crumbs({ label: title, href })}>
      {isSettings ? <div className={settings.page}>{content}</div> : content}
    </ContextLayout>
  );
}
