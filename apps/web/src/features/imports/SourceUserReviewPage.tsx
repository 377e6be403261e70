import { ErrorState } from '../../app/ErrorState';
import layout from '../../app/Layout.module.css';
import { PageNotFound } from '../../app/NotFoundPage';
import { AppLink } from '../../lib/AppLink';
import { ApiError } from '../../lib/api';
import { urls } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';
import styles from './Placeholders.module.css';
import { useAnswerReview, useReview } from './placeholderQueries';
import type { ReassignmentReview } from './sourceUsersApi';

function Answered({ review }: { review: ReassignmentReview }) {
  const source = `${review.source_name} (@${review.source_username})`;
  switch (review.status) {
    case 'reassignment_in_progress':
    case 'completed':
      return (
        <Alert variant="success" title="Reassignment approved">
          Contributions from {source} are being reassigned to you. This can take some time.
        </Alert>
      );
    case 'rejected':
      return (
        <Alert variant="info" title="Reassignment rejected">
          Reassignment of contributions from {source} was rejected.
        </Alert>
      );
    default:
      return <Alert variant="info">This reassignment request is no longer waiting for your review.</Alert>;
  }
}

function Review({ id, review }: { id: number; review: ReassignmentReview }) {
  const answer = useAnswerReview(id);
  const by = review.reassigned_by_user;
  return (
    <div className={styles.review}>
      {review.status === 'awaiting_approval' ? (
        <>
          <p>
            <strong>{by ? `${by.name} (@${by.username})` : 'An Owner'}</strong> has requested to reassign contributions
            from <strong>{`${review.source_name} (@${review.source_username})`}</strong> on{' '}
            <strong>{review.source_hostname}</strong> to you in the{' '}
            <AppLink href={urls.group(review.group.full_path)}>{review.group.name}</AppLink> group.
          </p>
          <p className={styles.muted}>
            If you approve, all contributions and memberships of the placeholder user in the group are reassigned to
            you, and can't be undone. Only approve reassignments from people you trust.
          </p>
          {answer.error && <Alert variant="danger">{answer.error.message}</Alert>}
          <div className={styles.buttons}>
            <Button variant="confirm" isDisabled={answer.isPending} onPress={() => answer.mutate('accept')}>
              Approve reassignment
            </Button>
            <Button variant="danger" isDisabled={answer.isPending} onPress={() => answer.mutate('decline')}>
              Reject
            </Button>
          </div>
        </>
      ) : (
        <Answered review={review} />
      )}
    </div>
  );
}

/**
 * GitLab's `/import/source_users/:id`: the user an Owner asked to take over an imported person's
 * contributions approves or rejects; nobody else sees the request.
 */
export function SourceUserReviewPage({ id }: { id: number }) {
  const query = useReview(id);
  return (
    <main className={layout.main}>
      <header className={layout.pageHeader}>
        <h1>Review reassignment details</h1>
      </header>
      {query.isPending ? (
        <PageSpinner label="Loading the reassignment" />
      ) : query.isError ? (
        query.error instanceof ApiError && [401, 403, 404].includes(query.error.status) ? (
          <PageNotFound />
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <Review id={id} review={query.data} />
      )}
    </main>
  );
}
