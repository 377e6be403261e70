import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
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
              <header className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                <Button variant="tertiary" size="small" onPress={close} aria-label="Close">
                  <span aria-hidden="true">✕</span>
                </Button>
              </header>
              <div className={styles.body}>{children}</div>
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
