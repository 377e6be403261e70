import { useId, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { LabelledInput } from '../shared/LabelledField';
import type { BillableMember } from './billingApi';
import styles from './UsageQuotas.module.css';

/**
 * GitLab's "Remove user from your subscription" dialog: the removal reaches every subgroup and
 * project, so the username must be typed to confirm it.
 */
export function RemoveBillableMemberDialog({
  member,
  groupName,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  member: BillableMember | null;
  groupName: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onCancel();
  };
  if (!member) return null;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && close()}
      title={`Remove user @${member.username} from your subscription`}
    >
      <div className={styles.dialogBody}>
        <p>
          You are about to remove user <strong>@{member.username}</strong> from your subscription. If you continue, the
          user will be removed from the <strong>{groupName}</strong> group and all its subgroups and projects. This
          action can't be undone.
        </p>
        <LabelledInput
          id={`${id}-confirm`}
          label={
            <>
              To confirm, type <code>{member.username}</code>
            </>
          }
          value={typed}
          onChange={setTyped}
          maxLength={255}
          autoComplete="off"
        />
        {error instanceof Error && <Alert variant="danger">{error.message}</Alert>}
        <div className={styles.actions}>
          <Button variant="danger" onPress={onConfirm} isDisabled={pending || typed !== member.username}>
            {pending ? 'Removing…' : 'Remove user'}
          </Button>
          <Button onPress={close}>Cancel</Button>
        </div>
      </div>
    </Modal>
  );
}
