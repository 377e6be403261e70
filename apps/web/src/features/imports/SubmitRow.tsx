import type { ReactNode } from 'react';
import { type ButtonVariant, buttonClassName } from '../../ui/buttonClassName';
import csv from './ImportCsv.module.css';

/** The row that ends an import form: its one submit button, on the right. */
export function SubmitRow({
  variant = 'confirm',
  disabled = false,
  children,
}: {
  variant?: ButtonVariant;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={csv.actions}>
      <button type="submit" className={buttonClassName(variant)} disabled={disabled}>
        {children}
      </button>
    </div>
  );
}
