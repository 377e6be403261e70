import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { urls } from '../../lib/paths';

/** The project pages framed here, each with its address. */
const PAGE_HREF = {
  environments: (projectPath: string) => urls.projectPage(projectPath, 'environments'),
  escalation_policies: urls.escalationPolicies,
  vulnerability_report: urls.vulnerabilityReport,
} as const;

/** A project page under one heading: the project's sidebar with the page marked, the crumbs down to `title`. */
export function ProjectPageFrame({
  projectPath,
  page,
  title,
  children,
}: {
  projectPath: string;
  page: keyof typeof PAGE_HREF;
  title: string;
  children: ReactNode;
}) {
  const { context, crumbs } = useNamespaceContext('project', projectPath);
  return (
    <ContextLayout
      context={context}
      active={page}
      crumbs={crumbs({ label: title, href: PAGE_HREF[page](projectPath) })}
    >
      <header className={layout.pageHeader}>
        <h1>{title}</h1>
      </header>
      {children}
    </ContextLayout>
  );
}
