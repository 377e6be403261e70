import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from './AbuseReportsPage.module.css';
import moderation from './moderation.module.css';

/** Prev / next buttons of an admin queue paged in place (GitLab's X-Prev-Page / X-Next-Page). */
export function QueuePager({
  page,
  prevPage,
  nextPage,
  onPage,
}: {
  page: number;
  prevPage: number | null;
  nextPage: number | null;
  onPage: (page: number) => void;
}) {
  if (!prevPage && !nextPage) return null;
  return (
    <nav className={styles.pager} aria-label="Pagination">
      <Button size="small" isDisabled={!prevPage} onPress={() => onPage(prevPage ?? page)}>
        ‹ Prev
      </Button>
      <span className={styles.muted}>Page {page}</span>
      <Button size="small" isDisabled={!nextPage} onPress={() => onPage(nextPage ?? page)}>
        Next ›
      </Button>
    </nav>
  );
}

/** The confirmation an admin queue's action asks for: "<Action>?", what it does, Cancel and the action. */
export function ConfirmQueueAction({
  label,
  text,
  danger,
  error,
  busy,
  onCancel,
  onConfirm,
}: {
  label: string;
  text: string;
  danger: boolean;
  error: Error | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onCancel()} title={`${label}?`}>
      <p>{text}</p>
      {error && <Alert variant="danger">{error.message}</Alert>}
      <div className={moderation.confirmButtons}>
        <Button onPress={onCancel}>Cancel</Button>
        <Button variant={danger ? 'danger' : 'confirm'} isDisabled={busy} onPress={onConfirm}>
          {label}
        </Button>
      </div>
    </Modal>
  );
}
