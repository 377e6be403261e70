import { AppLink } from '../lib/AppLink';
import styles from './Pagination.module.css';

/**
 * GitLab's keyset pagination: Previous / Next only, as links (the page is in the address). Shown
 * disabled at either end; hidden when there is a single page. `info` is an optional middle text.
 */
export function KeysetPagination({
  prevHref,
  nextHref,
  info,
}: {
  prevHref: string | null;
  nextHref: string | null;
  info?: string;
}) {
  if (!prevHref && !nextHref) return null;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      {prevHref ? (
        <AppLink href={prevHref} className={styles.link} rel="prev">
          ‹ Previous
        </AppLink>
      ) : (
        <span className={styles.disabled} aria-disabled="true">
          ‹ Previous
        </span>
      )}
      {info && <span className={styles.info}>{info}</span>}
      {nextHref ? (
        <AppLink href={nextHref} className={styles.link} rel="next">
          Next ›
        </AppLink>
      ) : (
        <span className={styles.disabled} aria-disabled="true">
          Next ›
        </span>
      )}
    </nav>
  );
}
