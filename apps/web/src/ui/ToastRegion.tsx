import styles from './ToastRegion.module.css';
import { dismissToast, useToast } from './toast';

/** Where toasts appear: a polite live region, so screen readers announce them too. */
export function ToastRegion() {
  const toast = useToast();
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {toast && (
        <div key={toast.id} className={styles.toast}>
          <span>{toast.text}</span>
          {toast.action && (
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                dismissToast();
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button type="button" className={styles.close} onClick={dismissToast} aria-label="Dismiss">
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      )}
    </div>
  );
}
