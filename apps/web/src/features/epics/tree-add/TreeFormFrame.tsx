import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { Button as AriaButton, Tooltip, TooltipTrigger } from 'react-aria-components';
import { Alert } from '../../../ui/Alert';
import styles from './AddChildMenu.module.css';

/** IE §5: why a confidential parent's forms only make confidential children. */
export const CONFIDENTIAL_PARENT_TOOLTIP =
  'The parent epic is confidential and can only contain confidential epics and issues';

/**
 * The frame of each add form: its heading (with the confidential-parent mark), the error, and
 * Escape to cancel from anywhere inside (an open suggestion list handles its own Escape first).
 */
export function TreeFormFrame({
  heading,
  confidential,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  heading: string;
  confidential: boolean;
  error: string | null;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} onKeyDown={cancelOnEscape} aria-label={heading}>
      <h3 className={styles.heading}>
        {confidential && (
          <TooltipTrigger delay={300}>
            <AriaButton className={styles.confidentialIcon} aria-label={CONFIDENTIAL_PARENT_TOOLTIP}>
              <span aria-hidden="true">🔒</span>
            </AriaButton>
            <Tooltip className={styles.tooltip} placement="top">
              {CONFIDENTIAL_PARENT_TOOLTIP}
            </Tooltip>
          </TooltipTrigger>
        )}
        {heading}
      </h3>
      {error && <Alert variant="danger">{error}</Alert>}
      {children}
    </form>
  );
}
