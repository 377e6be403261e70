import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** What a list shows when it has nothing: a title, an explanation, maybe an action. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true">
        <rect x="8" y="10" width="32" height="28" rx="4" />
        <path d="M8 18h32M16 26h16M16 31h10" />
      </svg>
      <h2 className={styles.title}>{title}</h2>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
