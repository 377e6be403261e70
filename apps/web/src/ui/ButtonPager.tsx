import { Button } from './Button';
import styles from './ButtonPager.module.css';

/**
 * Prev / next buttons for a list paged in place, not by address (GitLab's X-Prev-Page /
 * X-Next-Page): the admin queues and the billable members. Nothing when there is one page.
 */
export function ButtonPager({
  page,
  prevPage,
  nextPage,
  onPage,
}: {
  page: number;
  prevPage: number | null;
  nextPage: number | null;
  onPage: (page: number) => void;
}) {
  if (!prevPage && !nextPage) return null;
  return (
    <nav className={styles.pager} aria-label="Pagination">
      <Button size="small" isDisabled={!prevPage} onPress={() => onPage(prevPage ?? page)}>
        ‹ Prev
      </Button>
      <span className={styles.page}>Page {page}</span>
      <Button size="small" isDisabled={!nextPage} onPress={() => onPage(nextPage ?? page)}>
        Next ›
      </Button>
    </nav>
  );
}
