import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { Button as AriaButton, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { Epic } from '../../../lib/types';
import { Alert } from '../../../ui/Alert';
import { Glyph } from '../../../ui/Glyph';
import styles from './AddChildMenu.module.css';

/** What the Add menu gives each of its forms. */
export interface TreeAddFormProps {
  epic: Epic;
  groupPath: string;
  onCancel: () => void;
  onAdded: () => void;
}

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
              <Glyph fill="currentColor">
                <path d="M5 7V5a3 3 0 0 1 6 0v2h1a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z" />
              </Glyph>
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
