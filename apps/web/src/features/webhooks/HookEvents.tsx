import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useHookEvents, useResendHookEvent } from './queries';
import styles from './Webhooks.module.css';
import type { HookOwner } from './webhooksApi';

/** GitLab's "Recent events" of one hook: status, trigger, when, the request and response, and Resend. */
export function HookEvents({ owner, hookId }: { owner: HookOwner; hookId: number }) {
  const events = useHookEvents(owner, hookId);
  const resend = useResendHookEvent(owner, hookId);
  if (events.isPending) return <p className={styles.meta}>Loading recent events…</p>;
  if (events.isError) return <Alert variant="danger">{events.error.message}</Alert>;
  if (events.data.length === 0) return <p className={styles.meta}>No recent events.</p>;
  return (
    <>
      {resend.isError && <Alert variant="danger">{resend.error.message}</Alert>}
      <table className={styles.events} aria-label="Recent events">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Trigger</th>
            <th scope="col">Elapsed time</th>
            <th scope="col">Request time</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {events.data.map((event) => (
            <tr key={event.id}>
              <td>{event.response_status}</td>
              <td>{event.trigger.replace(/_hooks$/, '').replace(/_/g, ' ')}</td>
              <td>{event.execution_duration.toFixed(2)} s</td>
              <td>{new Date(event.created_at).toLocaleString()}</td>
              <td>
                <details className={styles.details}>
                  <summary>View details</summary>
                  {event.internal_error_message && <p className={styles.error}>{event.internal_error_message}</p>}
                  <pre>{JSON.stringify(event.request_headers, null, 2)}</pre>
                  <pre>{JSON.stringify(event.request_data, null, 2)}</pre>
                  <pre>{event.response_body}</pre>
                </details>
                <Button size="small" onPress={() => resend.mutate(event.id)} isDisabled={resend.isPending}>
                  Resend request
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
