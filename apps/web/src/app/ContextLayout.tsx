import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import styles from './Layout.module.css';
import { Sidebar, type SidebarContext, type SidebarItemId } from './Sidebar';

/** A group or project page: sidebar on the left, breadcrumbs and content on the right. */
export function ContextLayout({
  context,
  active,
  crumbs,
  children,
}: {
  context: SidebarContext | null;
  active: SidebarItemId;
  crumbs: Crumb[];
  children: ReactNode;
}) {
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
export function PlainLayout({ children, narrow }: { children: ReactNode; narrow?: boolean }) {
  return (
    <main id="main" className={`${styles.main} ${styles.plain} ${narrow ? styles.narrow : ''}`}>
      {children}
    </main>
  );
}
