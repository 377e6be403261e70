import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSignupEnabled } from '../features/admin/queries';
import { AppLink } from '../lib/AppLink';
import { ApiError } from '../lib/api';
import { useSession } from '../lib/session';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import styles from './AuthPages.module.css';
import { PlainLayout } from './ContextLayout';

/** `/users/sign_in`: username or email plus password. */
export function SignInPage() {
  const { signIn } = useSession();
  const signupEnabled = useSignupEnabled();
  const router = useRouter();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const loginRef = useRef<HTMLInputElement>(null);
  useEffect(() => loginRef.current?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!login.trim() || !password) {
      setError('Enter your username or email and your password.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await signIn(login.trim(), password);
      const redirect = new URLSearchParams(window.location.search).get('redirect_to');
      await router.navigate({ href: redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 429) {
        setError('Too many sign-in attempts. Wait a minute and try again.');
      } else if (caught instanceof ApiError && caught.status === 401) {
        setError(caught.message || 'Invalid login or password.');
      } else {
        setError(caught instanceof Error ? caught.message : 'Sign-in failed.');
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <PlainLayout narrow title="Sign in">
      <div className={styles.card}>
        <h1 className={styles.title}>Sign in to Meridian</h1>
        <p className={styles.subtitle}>Plan your work across groups and projects.</p>
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          {error && <Alert variant="danger">{error}</Alert>}
          <div className={styles.field}>
            <label htmlFor="user_login">Username or primary email</label>
            <input
              id="user_login"
              name="login"
              autoComplete="username"
              value={login}
              onChange={(event) => setLogin(event.target.value)}
              required
              ref={loginRef}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="user_password">Password</label>
            <input
              id="user_password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </div>
          <Button type="submit" variant="confirm" className={styles.submit} isDisabled={pending}>
            {pending ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
        {signupEnabled && (
          <p className={styles.footer}>
            Don't have an account yet? <AppLink href="/users/sign_up">Register now</AppLink>
          </p>
        )}
      </div>
    </PlainLayout>
  );
}
