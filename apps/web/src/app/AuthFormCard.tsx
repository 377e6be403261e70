import { type FormEvent, type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import styles from './AuthPages.module.css';
import { PlainLayout } from './ContextLayout';

/**
 * The sign-in and sign-up card: heading and subtitle, the form's error above its `children`
 * (the fields), the submit button and a footer. While `onSubmit` runs the button is disabled and
 * reads `pendingLabel`; what it throws is the form's error (its message, else `failureText`).
 */
export function AuthFormCard({
  documentTitle,
  heading,
  subtitle,
  failureText,
  onSubmit,
  submitLabel,
  pendingLabel,
  footer,
  children,
}: {
  documentTitle: string;
  heading: string;
  subtitle: string;
  failureText: string;
  onSubmit: () => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onSubmit();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : failureText);
    } finally {
      setPending(false);
    }
  };
  return (
    <PlainLayout narrow title={documentTitle}>
      <div className={styles.card}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
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
