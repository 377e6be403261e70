import { AppLink } from '../lib/AppLink';
import { buttonClassName } from '../ui/buttonClassName';
import { EmptyState } from '../ui/EmptyState';

/** The Sign in button a page offers a visitor who is not signed in. */
export function SignInButton() {
  return (
    <AppLink href="/users/sign_in" className={buttonClassName('confirm')}>
      Sign in
    </AppLink>
  );
}

/** What a page of the signed-in user's own (to-do items, notification settings) shows a visitor. */
export function SignInRequired({ title }: { title: string }) {
  return <EmptyState title={title} action={<SignInButton />} />;
}
