import { AppLink } from '../lib/AppLink';
import { ApiError } from '../lib/api';
import { Alert } from '../ui/Alert';
import { buttonClassName } from '../ui/buttonClassName';
import { EmptyState } from '../ui/EmptyState';

/** Error display for a failed query: 404 as "not found", anything else with a Retry button. */
export function ErrorState({ error, onRetry, what = 'page' }: { error: unknown; onRetry?: () => void; what?: string }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <EmptyState
        title={`${what.charAt(0).toUpperCase()}${what.slice(1)} not found`}
        description="It may not exist, or you may not have permission to see it."
        action={
          <AppLink href="/" className={buttonClassName('default')}>
            Go to the home page
          </AppLink>
        }
      />
    );
  }
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const status = error instanceof ApiError && error.status ? ` (${error.status})` : '';
  return (
    <Alert
      variant="danger"
      title={`Could not load this ${what}${status}`}
      action={
        onRetry && (
          // A native button: every page imports this, and React Aria's loads with the pages that need it.
          <button type="button" className={buttonClassName('default', 'small')} onClick={onRetry}>
            Retry
          </button>
        )
      }
    >
      {message}
    </Alert>
  );
}
