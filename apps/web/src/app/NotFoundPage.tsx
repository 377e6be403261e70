import type { ReactNode } from 'react';
import { AppLink } from '../lib/AppLink';
import { buttonClassName } from '../ui/buttonClassName';
import { EmptyState } from '../ui/EmptyState';
import { PlainLayout } from './ContextLayout';

/** What stands for a page that does not exist or that the user may not see; the two look alike, as in GitLab. */
export function PageNotFound({ action }: { action?: ReactNode }) {
  return (
    <EmptyState
      title="Page not found"
      description="The page you were looking for does not exist, or you do not have permission to see it."
      action={action}
    />
  );
}

/** Any path the router does not know. */
export function NotFoundPage() {
  return (
    <PlainLayout title="Not found">
      <PageNotFound
        action={
          <AppLink href="/" className={buttonClassName('default')}>
            Go to the home page
          </AppLink>
        }
      />
    </PlainLayout>
  );
}
