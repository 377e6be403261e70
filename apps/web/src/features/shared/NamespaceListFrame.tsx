import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { groupCrumbs, groupSidebar, projectCrumbs, projectSidebar } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useGroup, useProject } from '../../lib/queries';

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
  const isGroup = kind === 'group';
  const group = useGroup(fullPath, isGroup);
  const project = useProject(fullPath, !isGroup);
  const crumb = { label: title, href: isGroup ? urls.groupPage(fullPath, page) : urls.projectPage(fullPath, page) };
  return (
    <ContextLayout
      context={isGroup ? groupSidebar(fullPath, group.data) : projectSidebar(fullPath, project.data)}
      active={page}
      crumbs={isGroup ? groupCrumbs(fullPath, group.data, crumb) : projectCrumbs(fullPath, project.data, crumb)}
    >
      <header className={layout.pageHeader}>
        <h1>{title}</h1>
      </header>
      {children(`/${isGroup ? 'groups' : 'projects'}/${encodeId(fullPath)}/${page}`)}
    </ContextLayout>
  );
}
