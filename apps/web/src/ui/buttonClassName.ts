import styles from './Button.module.css';

export type ButtonVariant = 'default' | 'confirm' | 'danger' | 'tertiary';

/**
 * The button look, for links and native buttons: importing it does not load React Aria (`Button.tsx`
 * does), so pages whose first load must stay small can use it.
 */
export function buttonClassName(variant: ButtonVariant = 'default', size: 'small' | 'medium' = 'medium'): string {
  return [styles.button, styles[variant], size === 'small' ? styles.small : ''].filter(Boolean).join(' ');
}
