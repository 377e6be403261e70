import type { ReactNode } from 'react';
import styles from './Sidebar.module.css';

/** A sidebar editor's form, laid out as the pickers: submitting calls `onSubmit` and the page stays. */
export function PickerForm({
  label,
  onSubmit,
  children,
}: {
  label?: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.picker}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
