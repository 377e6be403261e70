import styles from './Spinner.module.css';

/** A loading indicator announced to screen readers. */
export function Spinner({ label = 'Loading', size = 'medium' }: { label?: string; size?: 'small' | 'medium' }) {
  return (
    <span className={styles.wrapper} role="status">
      <span className={`${styles.spinner} ${size === 'small' ? styles.small : ''}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A centred spinner for a whole page or panel. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} />
    </div>
  );
}
