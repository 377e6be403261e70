import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from '../shared/DetailLayout.module.css';
import type { LinkedIssue } from './IssueActions';

/** IE §4: closing a blocked issue asks first, listing the open issues that block it. */
export function BlockedCloseDialog({
  blockers,
  onCancel,
  onConfirm,
}: {
  blockers: LinkedIssue[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => !isOpen && onCancel()}
      title="Are you sure you want to close this blocked issue?"
    >
      <p>This issue is blocked by:</p>
      <ul>
        {blockers.map((b) => (
          <li key={b.references?.full ?? b.iid}>
            {b.references?.relative ?? b.references?.full ?? `#${b.iid}`} {b.title}
          </li>
        ))}
      </ul>
      <div className={styles.confirmButtons}>
        <Button onPress={onCancel}>Cancel</Button>
        <Button variant="confirm" onPress={onConfirm}>
          Yes, close issue
        </Button>
      </div>
    </Modal>
  );
}
