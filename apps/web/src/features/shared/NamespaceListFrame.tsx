import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { encodeId } from '../../lib/api';

/**
 * A page a group and a project both have (labels, milestones): the namespace's sidebar, the crumbs
 * down to the page and its heading; `children` gets the REST path of the page's list
 * (`/groups/:id/labels`, `/projects/:id/milestones`).
 */
export function NamespaceListFrame({
  kind,
  fullPath,
  page,
  title,
  children,
}: {
  kind: 'group' | 'project';
  fullPath: string;
  page: 'labels' | 'milestones';
  title: string;
  children: (path: string) => ReactNode;
}) {
  const { context, crumbs, pageHref } = useNamespaceContext(kind, fullPath);
  return (
    <ContextLayout context={context} active={page} crumbs={crumbs({ label: title, href: pageHref(page) })}>
      <header className={layout.pageHeader}>
        <h1>{title}</h1>
      </header>
      {children(`/${kind === 'group' ? 'groups' : 'projects'}/${encodeId(fullPath)}/${page}`)}
    </ContextLayout>
  );
}
