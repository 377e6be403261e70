import { AppLink } from '../lib/AppLink';
import { ApiError } from '../lib/api';
import { Alert } from '../ui/Alert';
import { Button, buttonClassName } from '../ui/Button';
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
          <Button size="small" onPress={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
