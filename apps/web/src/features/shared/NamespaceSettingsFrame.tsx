import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { urls } from '../../lib/paths';
import settings from '../../ui/SettingsSection.module.css';

/**
 * A settings page a group and a project both have (General settings, Webhooks): the namespace's
 * sidebar, the crumbs down to the page and its heading; `children` gets the namespace's own query.
 */
export function NamespaceSettingsFrame({
  kind,
  fullPath,
  page,
  title,
  children,
}: {
  kind: 'group' | 'project';
  fullPath: string;
  page: 'settings' | 'hooks';
  title: string;
  children: (query: ReturnType<typeof useNamespaceContext>['query']) => ReactNode;
}) {
  const { context, crumbs, query } = useNamespaceContext(kind, fullPath);
  return (
    <ContextLayout context={context} active={page} crumbs={crumbs({ label: title, href: urls[page](kind, fullPath) })}>
      <div className={settings.page}>
        <header className={layout.pageHeader}>
          <h1>{title}</h1>
        </header>
        {children(query)}
      </div>
    </ContextLayout>
  );
}
