import { AppLink } from '../lib/AppLink';
import { buttonClassName } from '../ui/buttonClassName';
import { EmptyState } from '../ui/EmptyState';
import { PlainLayout } from './ContextLayout';

/** Any path the router does not know. */
export function NotFoundPage() {
  return (
    <PlainLayout title="Not found">
      <EmptyState
        title="Page not found"
        description="The page you were looking for does not exist, or you do not have permission to see it."
        action={
          <AppLink href="/" className={buttonClassName('default')}>
            Go to the home page
          </AppLink>
        }
      />
    </PlainLayout>
  );
}
