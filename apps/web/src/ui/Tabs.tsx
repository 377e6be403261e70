import { AppLink } from '../lib/AppLink';
import styles from './Tabs.module.css';

export interface TabItem {
  id: string;
  label: string;
  href: string;
  /** A number (shown as `1,234`), text already formatted, null for unknown (`–`), undefined for none. */
  count?: number | string | null;
}

/**
 * URL-driven tabs (each tab is a link, so the state lives in the address bar): `<a data-state="{id}">`
 * with its count.
 */
export function Tabs({ items, active, label }: { items: TabItem[]; active: string; label: string }) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {items.map((item) => (
        <AppLink
          key={item.id}
          href={item.href}
          data-state={item.id}
          className={`${styles.tab} ${item.id === active ? styles.active : ''}`}
          aria-current={item.id === active ? 'page' : undefined}
        >
          {item.label}
          {item.count !== undefined && (
            <span className={styles.count} data-testid="state-count">
              {typeof item.count === 'number' ? item.count.toLocaleString('en') : (item.count ?? '–')}
            </span>
          )}
        </AppLink>
      ))}
    </nav>
  );
}
