import { useState } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import styles from './ChildItemsPanel.module.css';
import type { TreeItem } from './treeApi';

export const REMOVE_ERROR = 'An error occurred while removing issues/epics.';

function hasDescendants(item: TreeItem): boolean {
  const c = item.descendantCounts;
  return !!c && c.openedEpics + c.closedEpics + c.openedIssues + c.closedIssues > 0;
}

/** IE §2.3 remove confirmation: 'Remove epic' / 'Remove issue', naming the child and the parent. */
export function RemoveItemModal({
  target,
  onClose,
  onConfirm,
}: {
  target: { item: TreeItem; parentTitle: string } | null;
  onClose: () => void;
  onConfirm: (item: TreeItem) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!target) return null;
  const { item, parentTitle } = target;
  const isEpic = item.kind === 'Epic';
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(item);
      close();
    } catch {
      setError(REMOVE_ERROR);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal isOpen onOpenChange={(open) => !open && close()} title={isEpic ? 'Remove epic' : 'Remove issue'}>
      {error && <Alert variant="danger">{error}</Alert>}
      <p data-testid="remove-body">
        {isEpic && hasDescendants(item) ? (
          <>
            This will also remove any descendents of <b>{item.title}</b> from <b>{parentTitle}</b>. Are you sure?
          </>
        ) : (
          <>
            Are you sure you want to remove <b>{item.title}</b> from <b>{parentTitle}</b>?
          </>
        )}
      </p>
      <div className={styles.modalActions}>
        <Button onPress={close}>Cancel</Button>
        <Button variant="danger" isDisabled={busy} onPress={() => void confirm()}>
          Remove
        </Button>
      </div>
    </Modal>
  );
}
