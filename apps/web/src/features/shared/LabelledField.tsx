import type { InputHTMLAttributes, ReactNode } from 'react';
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

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'>;

/** A labelled text input; `children` (an error, a hint) stand below it. */
export function LabelledInput({
  id,
  label,
  value,
  onChange,
  className = styles.input,
  children,
  ...input
}: InputAttributes & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <LabelledField htmlFor={id} label={label}>
      <input
        id={id}
        className={className}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      {children}
    </LabelledField>
  );
}
