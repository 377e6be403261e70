import type { ReactNode } from 'react';
import styles from '../../ui/Form.module.css';

/** A form field of the "new item" forms: its label above the control whose id is `htmlFor`. */
export function LabelledField({
  htmlFor,
  label,
  children,
}: {
  htmlFor: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={htmlFor} className={styles.label}>
        {label}
      </label>
      {children}
    </div>
  );
}
