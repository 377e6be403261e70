import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, ModalOverlay } from 'react-aria-components';
import { DialogHeader } from './DialogHeader';
import styles from './Modal.module.css';

/** A dismissable dialog (Esc, click outside, Close button) that traps and restores focus. */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  size = 'medium',
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  size?: 'medium' | 'large';
}) {
  return (
    <ModalOverlay className={styles.overlay} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <AriaModal className={`${styles.modal} ${size === 'large' ? styles.large : ''}`}>
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              <DialogHeader title={title} close={close} styles={styles} />
              <div className={styles.body}>{children}</div>
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
