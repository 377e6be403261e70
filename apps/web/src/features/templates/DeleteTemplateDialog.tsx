import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from './TemplatesSettings.module.css';

/** Asks before a template is deleted; the server's refusal stays in the dialog. */
export function DeleteTemplateDialog({
  name,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  name: string | null;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal isOpen={name !== null} onOpenChange={(open) => !open && onCancel()} title="Delete template?">
      <p>
        The template <strong>{name}</strong> will be deleted. Issues and merge requests already created from it keep
        their descriptions.
      </p>
      {error instanceof Error && <Alert variant="danger">{error.message}</Alert>}
      <div className={styles.actions}>
        <Button variant="danger" onPress={onConfirm} isDisabled={pending}>
          {pending ? 'Deleting…' : 'Delete template'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </Modal>
  );
}
