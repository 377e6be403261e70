import { type FormEvent, type ReactNode, useId } from 'react';
import csv from './ImportCsv.module.css';
import styles from './SourceImport.module.css';
import { SubmitRow } from './SubmitRow';

/**
 * One step of an import from another service (connect, choose, map): a form named by its heading,
 * a line on what the step does, its fields, and its submit row. A step already done submits again
 * with the plain button (`again`), so the next step's button is the one that stands out.
 */
export function ImportStepForm({
  heading,
  intro,
  onSubmit,
  submitLabel,
  submitDisabled,
  again = false,
  children,
}: {
  heading: ReactNode;
  intro: ReactNode;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  submitDisabled?: boolean;
  again?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form onSubmit={onSubmit} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <p className={csv.intro}>{intro}</p>
      {children}
      <SubmitRow variant={again ? 'default' : 'confirm'} disabled={submitDisabled}>
        {submitLabel}
      </SubmitRow>
    </form>
  );
}
