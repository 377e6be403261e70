import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSignupEnabled } from '../features/admin/queries';
import { AppLink } from '../lib/AppLink';
import { ApiError } from '../lib/api';
import { useSession } from '../lib/session';
import { AuthField, AuthFormCard } from './AuthFormCard';

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
    <AuthFormCard
      documentTitle="Sign in"
      heading="Sign in to Meridian"
      subtitle="Plan your work across groups and projects."
      error={error}
      onSubmit={onSubmit}
      pending={pending}
      submitLabel="Sign in"
      pendingLabel="Signing in…"
      footer={
        signupEnabled && (
          <>
            Don't have an account yet? <AppLink href="/users/sign_up">Register now</AppLink>
          </>
        )
      }
    >
      <AuthField
        id="user_login"
        label="Username or primary email"
        name="login"
        autoComplete="username"
        value={login}
        onValue={setLogin}
        required
        inputRef={loginRef}
      />
      <AuthField
        id="user_password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        required
      />
    </AuthFormCard>
  );
}
