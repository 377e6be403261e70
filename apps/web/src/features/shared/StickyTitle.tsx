import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import styles from './StickyTitle.module.css';

/** Whether the element has scrolled out of the viewport (above or below it). */
export function useScrolledOutOfView(ref: RefObject<Element | null>): boolean {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOut(entry ? !entry.isIntersecting : false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return out;
}

/**
 * IE §2.1: once the header has scrolled away, a slim bar at the top of the window keeps the state
 * badge and the title in view; the title links to the top of the page.
 */
export function StickyTitle({ badges, title, topId }: { badges: ReactNode; title: string; topId: string }) {
  return (
    <div className={styles.bar} data-testid="sticky-header">
      <div className={styles.inner}>
        {badges}
        <a
          href={`#${topId}`}
          className={styles.title}
          onClick={(event) => {
            event.preventDefault();
            window.scrollTo({ top: 0 });
            document.getElementById(topId)?.focus();
          }}
        >
          {title}
        </a>
      </div>
    </div>
  );
}
