import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
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
  const loginRef = useRef<HTMLInputElement>(null);
  useEffect(() => loginRef.current?.focus(), []);

  const onSubmit = async () => {
    if (!login.trim() || !password) throw new Error('Enter your username or email and your password.');
    try {
      await signIn(login.trim(), password);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 429) {
        throw new Error('Too many sign-in attempts. Wait a minute and try again.');
      }
      if (caught instanceof ApiError && caught.status === 401) {
        throw new Error(caught.message || 'Invalid login or password.');
      }
      throw caught;
    }
    const redirect = new URLSearchParams(window.location.search).get('redirect_to');
    await router.navigate({ href: redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/' });
  };

  return (
    <AuthFormCard
      documentTitle="Sign in"
      heading="Sign in to Meridian"
      subtitle="Plan your work across groups and projects."
      failureText="Sign-in failed."
      onSubmit={onSubmit}
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
