import type { InputHTMLAttributes } from 'react';
import styles from './Sidebar.module.css';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'aria-label' | 'value' | 'onChange'>;

/** A sidebar editor's text box (search, value, name, colour), named by `label`. */
export function SidebarInput({
  label,
  value,
  onChange,
  ...input
}: InputAttributes & { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <input
      className={styles.search}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...input}
    />
  );
}
