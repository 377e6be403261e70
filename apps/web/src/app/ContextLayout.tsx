import type { ReactNode } from 'react';
import { useTrackVisit } from '../features/frequent/useTrackVisit';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import styles from './Layout.module.css';
import { Sidebar, type SidebarContext, type SidebarItemId } from './Sidebar';

/** A group or project page: sidebar on the left, breadcrumbs and content on the right. */
export function ContextLayout({
  context,
  active,
  crumbs,
  title,
  children,
}: {
  context: SidebarContext | null;
  active: SidebarItemId;
  crumbs: Crumb[];
  /** Extra, most specific document-title part (e.g. the issue title). */
  title?: string;
  children: ReactNode;
}) {
  // Every group and project page has this layout: one visit a day per item (IE-18), like GitLab's sidebar.
  useTrackVisit(context?.kind ?? 'project', context?.id);
  useDocumentTitle([
    title,
    ...crumbs
      .slice(0, title ? -1 : undefined)
      .map((crumb) => crumb.label)
      .reverse(),
  ]);
  return (
    <div className={styles.withSidebar}>
      {context && <Sidebar context={context} active={active} />}
      <main id="main" className={styles.main}>
        <Breadcrumbs items={crumbs} />
        {children}
      </main>
    </div>
  );
}

/** A page without a sidebar (dashboard, explore). */
export function PlainLayout({ children, narrow, title }: { children: ReactNode; narrow?: boolean; title?: string }) {
  useDocumentTitle([title]);
  return (
    <main id="main" className={`${styles.main} ${styles.plain} ${narrow ? styles.narrow : ''}`}>
      {children}
    </main>
  );
}
