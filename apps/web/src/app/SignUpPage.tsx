import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { AppLink } from '../lib/AppLink';
import { ApiError } from '../lib/api';
import { useSession } from '../lib/session';
import { AuthField, AuthFormCard } from './AuthFormCard';
import styles from './AuthPages.module.css';

type Field = 'name' | 'username' | 'email' | 'password';

const FIELDS: Array<{ id: Field; label: string; type: string; autoComplete: string; hint?: string }> = [
  { id: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { id: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { id: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { id: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
];

function validate(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = 'Full name is required.';
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(values.username)) {
    errors.username = 'Use letters, digits, _, - and . (not at the start).';
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(values.email)) errors.email = 'Enter a valid email address.';
  if (values.password.length < 8) errors.password = 'Password is too short (minimum is 8 characters).';
  return errors;
}

/** `/users/sign_up`: creates an account and signs in. */
export function SignUpPage() {
  const { signUp } = useSession();
  const router = useRouter();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const onSubmit = async () => {
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await signUp({ ...values, name: values.name.trim() });
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.field && caught.field in values)) throw caught;
      setErrors({ [caught.field]: caught.message });
      return;
    }
    await router.navigate({ href: '/' });
  };

  return (
    <AuthFormCard
      documentTitle="Register"
      heading="Create an account"
      subtitle="Join Meridian to plan with your team."
      failureText="Registration failed."
      onSubmit={onSubmit}
      submitLabel="Register"
      pendingLabel="Registering…"
      footer={
        <>
          Already have an account? <AppLink href="/users/sign_in">Sign in</AppLink>
        </>
      }
    >
      {FIELDS.map((field) => {
        const error = errors[field.id];
        const describedBy = error ? `${field.id}-error` : field.hint ? `${field.id}-hint` : undefined;
        return (
          <AuthField
            key={field.id}
            id={`new_user_${field.id}`}
            label={field.label}
            name={field.id}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.id]}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onValue={(value) => setValues((prev) => ({ ...prev, [field.id]: value }))}
          >
            {error ? (
              <span id={`${field.id}-error`} className={styles.fieldError}>
                {error}
              </span>
            ) : (
              field.hint && (
                <span id={`${field.id}-hint`} className="muted">
                  {field.hint}
                </span>
              )
            )}
          </AuthField>
        );
      })}
    </AuthFormCard>
  );
}
