import type { FormEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import styles from './AuthPages.module.css';
import { PlainLayout } from './ContextLayout';

/**
 * The sign-in and sign-up card: heading and subtitle, the form's error above its `children`
 * (the fields), the submit button (its label switching to `pendingLabel` while pending) and a footer.
 */
export function AuthFormCard({
  documentTitle,
  heading,
  subtitle,
  error,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  footer,
  children,
}: {
  documentTitle: string;
  heading: string;
  subtitle: string;
  error: string | null;
  onSubmit: (event: FormEvent) => Promise<void>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PlainLayout narrow title={documentTitle}>
      <div className={styles.card}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          {error && <Alert variant="danger">{error}</Alert>}
          {children}
          <Button type="submit" variant="confirm" className={styles.submit} isDisabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </form>
        {footer && <p className={styles.footer}>{footer}</p>}
      </div>
    </PlainLayout>
  );
}

/** A field of the card: its label over the input, then `children` (a hint or the field's error). */
export function AuthField({
  id,
  label,
  onValue,
  inputRef,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'children'> & {
  id: string;
  label: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  children?: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} ref={inputRef} onChange={(event) => onValue(event.target.value)} />
      {children}
    </div>
  );
}
