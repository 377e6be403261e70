import type { ReactNode } from 'react';
import styles from './Alert.module.css';

/** An inline message: errors (role=alert), warnings, information. */
export function Alert({
  variant = 'info',
  title,
  children,
  action,
}: {
  variant?: 'info' | 'danger' | 'warning' | 'success';
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`${styles.alert} ${styles[variant]}`} role={variant === 'danger' ? 'alert' : 'status'}>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}

/** A warning that asks the user something, `children` (the answers' buttons) beside the question. */
export function QuestionAlert({ question, children }: { question: string; children: ReactNode }) {
  return <Alert variant="warning" title={question} action={<span className={styles.answers}>{children}</span>} />;
}
