import { AppLink } from '../lib/AppLink';
import type { Page } from '../lib/api';
import { useLocationInfo, withParams } from '../lib/useLocationSearch';
import styles from './Pagination.module.css';

/** Previous / next page links driven by GitLab's X-Prev-Page / X-Next-Page headers. */
export function Pagination({
  page,
  prevPage,
  nextPage,
  totalPages,
  hrefFor,
}: {
  page: number;
  prevPage: number | null;
  nextPage: number | null;
  totalPages: number | null;
  hrefFor: (page: number) => string;
}) {
  if (!prevPage && !nextPage) return null;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      {prevPage ? (
        <AppLink href={hrefFor(prevPage)} className={styles.link} rel="prev">
          ‹ Prev
        </AppLink>
      ) : (
        <span className={styles.disabled}>‹ Prev</span>
      )}
      <span className={styles.info}>
        Page {page}
        {totalPages ? ` of ${totalPages}` : ''}
      </span>
      {nextPage ? (
        <AppLink href={hrefFor(nextPage)} className={styles.link} rel="next">
          Next ›
        </AppLink>
      ) : (
        <span className={styles.disabled}>Next ›</span>
      )}
    </nav>
  );
}

/** `Pagination` for a loaded page; `hrefFor` defaults to the current address with its `page` changed. */
export function PageLinks({ of, hrefFor }: { of: Page<unknown>; hrefFor?: (page: number) => string }) {
  const { pathname, params } = useLocationInfo();
  return (
    <Pagination
      page={of.page}
      prevPage={of.prevPage}
      nextPage={of.nextPage}
      totalPages={of.totalPages}
      hrefFor={hrefFor ?? ((next) => withParams(pathname, params, { page: String(next) }))}
    />
  );
}
