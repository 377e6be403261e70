import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { PageNotFound } from '../../app/NotFoundPage';
import { SignInRequired } from '../../app/SignInPrompt';
import { ApiError } from '../../lib/api';
import { PageSpinner } from '../../ui/Spinner';
import type { GroupSubscription } from './billingApi';

/**
 * What a billing page shows when the group's subscription is refused: a visitor is asked to sign in
 * (the API answers 401 before any lookup, as GitLab's), anyone else who is not an Owner sees the
 * 404 page (400, 403 and 404 alike: nothing about the group's billing shows). Null for other errors.
 */
function subscriptionRefusal(error: unknown): ReactNode | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return <SignInRequired title="Sign in to see this group's billing" />;
  return [400, 403, 404].includes(error.status) ? <PageNotFound /> : null;
}

/** What a subscription page renders: `view` until both of its queries have answered, then their data. */
export type SubscriptionGate<T> =
  | { ready: false; view: ReactNode }
  | { ready: true; subscription: GroupSubscription; data: T };

/**
 * The billing and usage-quota pages load the group's subscription and one list beside it: the
 * refusal's page when the subscription is refused (`subscriptionRefusal`: sign in, or not found), a
 * spinner while either loads, an error with a retry when either fails.
 */
export function gateSubscriptionPage<T>(
  subscription: UseQueryResult<GroupSubscription>,
  other: UseQueryResult<T>,
  loadingLabel: string,
): SubscriptionGate<T> {
  const refusal = subscription.isError ? subscriptionRefusal(subscription.error) : null;
  if (refusal) return { ready: false, view: refusal };
  if (subscription.isPending || other.isPending) return { ready: false, view: <PageSpinner label={loadingLabel} /> };
  if (subscription.isError) {
    return {
      ready: false,
      view: <ErrorState error={subscription.error} onRetry={() => void subscription.refetch()} />,
    };
  }
  if (other.isError) {
    return { ready: false, view: <ErrorState error={other.error} onRetry={() => void other.refetch()} /> };
  }
  return { ready: true, subscription: subscription.data, data: other.data };
}
