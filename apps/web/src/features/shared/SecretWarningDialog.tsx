import { type DetectedSecret, secretWarningTitle } from '@meridian/domain';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from './SecretWarningDialog.module.css';

/** GitLab's help page on why the warning shows (IE §5's 'Why am I seeing this warning?'). */
const HELP_URL = 'https://docs.gitlab.com/user/project/secret_detection/client/';

/**
 * IE §2.6 / §5: before saving text that looks like it holds a secret, the masked secrets are listed
 * and the user chooses: save it anyway (danger), or go back and edit it.
 */
export function SecretWarningDialog({
  secrets,
  what,
  onConfirm,
  onEdit,
}: {
  secrets: DetectedSecret[];
  /** 'description' or 'comment': what is being saved. */
  what: string;
  onConfirm: () => void;
  onEdit: () => void;
}) {
  const plural = secrets.length > 1;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onEdit()} title={secretWarningTitle(secrets.length)}>
      <p>{`The ${what} appears to have the following ${plural ? 'secrets' : 'secret'}:`}</p>
      <ul className={styles.list}>
        {secrets.map((secret) => (
          <li key={`${secret.name}:${secret.masked}`}>
            {secret.name}: <code>{secret.masked}</code>
          </li>
        ))}
      </ul>
      <p>
        {`Are you sure you want to add this ${what}? `}
        <a href={HELP_URL} target="_blank" rel="noopener noreferrer">
          Why am I seeing this warning?
        </a>
      </p>
      <div className={styles.buttons}>
        <Button onPress={onEdit}>{`Edit ${what}`}</Button>
        <Button variant="danger" onPress={onConfirm}>
          {`Add ${what}`}
        </Button>
      </div>
    </Modal>
  );
}
