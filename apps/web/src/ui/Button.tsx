import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

import { type ButtonVariant, buttonClassName } from './buttonClassName';

export type { ButtonVariant };

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
  className?: string;
  children: ReactNode;
}

/** The one button: accessible (React Aria), with a visible keyboard focus ring. */
export function Button({ variant = 'default', size = 'medium', className, children, ...rest }: ButtonProps) {
  const classes = className ? `${buttonClassName(variant, size)} ${className}` : buttonClassName(variant, size);
  return (
    <AriaButton className={classes} {...rest}>
      {children}
    </AriaButton>
  );
}
