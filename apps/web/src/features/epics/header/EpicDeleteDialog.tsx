import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import styles from '../../shared/DetailLayout.module.css';

/** IE §2.1's delete confirmation, for an epic. */
export const DELETE_EPIC_TEXT = 'Delete this epic and release all child items?';

/** Asks before deleting the epic: Cancel, or 'Delete epic' (danger). */
export function EpicDeleteDialog({
  isPending,
  onCancel,
  onConfirm,
}: {
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal isOpen onOpenChange={(isOpen) => !isOpen && onCancel()} title="Delete epic">
      <p>{DELETE_EPIC_TEXT}</p>
      <div className={styles.confirmButtons}>
        <Button onPress={onCancel} isDisabled={isPending}>
          Cancel
        </Button>
        <Button variant="danger" onPress={onConfirm} isDisabled={isPending}>
          {isPending ? 'Deleting…' : 'Delete epic'}
        </Button>
      </div>
    </Modal>
  );
}
