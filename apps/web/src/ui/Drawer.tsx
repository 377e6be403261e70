import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, ModalOverlay } from 'react-aria-components';
import { DialogHeader } from './DialogHeader';
import styles from './Drawer.module.css';

/**
 * A dismissable panel on the right, below the top bar (Esc, click outside, Close button), that traps
 * and restores focus. `layer` says what it stays above: the page (100) or the page's own overlays (300).
 */
export function Drawer({
  isOpen,
  onOpenChange,
  title,
  layer,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  layer: 'page' | 'top';
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      className={`${styles.overlay} ${layer === 'top' ? styles.top : styles.page}`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <AriaModal className={styles.drawer}>
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              <DialogHeader title={title} close={close} styles={styles} />
              {children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
