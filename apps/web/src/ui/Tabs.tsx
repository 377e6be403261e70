import { AppLink } from '../lib/AppLink';
import styles from './Tabs.module.css';

export interface TabItem {
  id: string;
  label: string;
  href: string;
  count?: number | null;
}

/** URL-driven tabs (each tab is a link, so the state lives in the address bar). */
export function Tabs({ items, active, label }: { items: TabItem[]; active: string; label: string }) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {items.map((item) => (
        <AppLink
          key={item.id}
          href={item.href}
          className={`${styles.tab} ${item.id === active ? styles.active : ''}`}
          aria-current={item.id === active ? 'page' : undefined}
        >
          {item.label}
          {item.count !== undefined && (
            <span className={styles.count}>{item.count === null ? '–' : item.count.toLocaleString('en')}</span>
          )}
        </AppLink>
      ))}
    </nav>
  );
}
