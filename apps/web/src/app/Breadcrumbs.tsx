import { AppLink } from '../lib/AppLink';
import styles from './Breadcrumbs.module.css';

export interface Crumb {
  label: string;
  href: string;
}

/** Where you are: each ancestor is a link; the last item is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.href} className={styles.item}>
              {last ? (
                <AppLink href={item.href} aria-current="page" className={styles.current}>
                  {item.label}
                </AppLink>
              ) : (
                <AppLink href={item.href}>{item.label}</AppLink>
              )}
              {!last && (
                <span className={styles.separator} aria-hidden="true">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Crumbs for each level of a namespace path, named from `full_name` (`Acme / Platform`) when known. */
export function namespaceCrumbs(fullPath: string, fullName?: string): Crumb[] {
  const parts = fullPath.split('/');
  const names = fullName?.split(' / ');
  return parts.map((part, index) => ({
    label: names && names.length === parts.length ? (names[index] ?? part) : part,
    href: `/${parts.slice(0, index + 1).join('/')}`,
  }));
}
