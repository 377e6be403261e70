import type { ReactNode } from 'react';
import styles from './Badge.module.css';

export type BadgeVariant = 'neutral' | 'success' | 'info' | 'danger' | 'warning' | 'muted';

/** A small status pill (state badges, counts, visibility). */
export function Badge({
  variant = 'neutral',
  children,
  title,
}: {
  variant?: BadgeVariant;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`${styles.badge} ${styles[variant]}`} title={title}>
      {children}
    </span>
  );
}
