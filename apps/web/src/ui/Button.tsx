import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import styles from './Button.module.css';

export type ButtonVariant = 'default' | 'confirm' | 'danger' | 'tertiary';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
  className?: string;
  children: ReactNode;
}

/** The one button: accessible (React Aria), with a visible keyboard focus ring. */
export function Button({ variant = 'default', size = 'medium', className, children, ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], size === 'small' ? styles.small : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <AriaButton className={classes} {...rest}>
      {children}
    </AriaButton>
  );
}

/** Class names for links that look like buttons. */
export function buttonClassName(variant: ButtonVariant = 'default', size: 'small' | 'medium' = 'medium'): string {
  return [styles.button, styles[variant], size === 'small' ? styles.small : ''].filter(Boolean).join(' ');
}
