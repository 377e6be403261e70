import { useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { showToast } from '../../ui/toast';
import styles from './moderation.module.css';
import { submitIssueAsSpam } from './moderationApi';

/**
 * 'Submit as spam' (IE §2.1, IE-22) asks first: the issue is then hidden from everyone but
 * administrators. Shown to admins only (canReportSpam).
 */
export function SubmitSpamConfirmation({
  projectPath,
  iid,
  onDone,
  onCancel,
}: {
  projectPath: string;
  iid: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await submitIssueAsSpam(projectPath, iid);
      showToast('Issue submitted as spam.');
      onDone();
    } catch {
      setFailure('Something went wrong while submitting the issue as spam. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal isOpen onOpenChange={(open) => !open && onCancel()} title="Submit as spam?">
      <p>The issue will be hidden from everyone except administrators.</p>
      {failure && <Alert variant="danger">{failure}</Alert>}
      <div className={styles.confirmButtons}>
        <Button onPress={onCancel}>Cancel</Button>
        <Button variant="danger" onPress={() => void submit()} isDisabled={busy}>
          Submit as spam
        </Button>
      </div>
    </Modal>
  );
}
