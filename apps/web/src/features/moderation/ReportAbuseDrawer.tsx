import { type FormEvent, useState } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import radio from '../../ui/Radio.module.css';
import { showToast } from '../../ui/toast';
import { ABUSE_CATEGORIES, type AbuseCategory, REPORT_THANKS, reportAbuse } from './moderationApi';
import styles from './ReportAbuseDrawer.module.css';

export interface ReportAbuseDrawerProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user being reported: the issue's, epic's or comment's author, or a profile's user. */
  reportedUserId: number;
  /** Where the report was made from (the issue, epic or comment URL), capped by the server at 512. */
  reportedFromUrl: string;
}

/**
 * IE §2.4's 'Report abuse to administrator' drawer: one required reason, then Next sends the report
 * (IE-20) and closes with a thank-you toast. Loaded on first use through `LazyReportAbuseDrawer`.
 */
export function ReportAbuseDrawer({ isOpen, onOpenChange, reportedUserId, reportedFromUrl }: ReportAbuseDrawerProps) {
  const [category, setCategory] = useState<AbuseCategory | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** A refusal shown last time ('You have already reported this user') does not greet the next opening. */
  const openChange = (open: boolean) => {
    if (!open) setFailure(null);
    onOpenChange(open);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!category) return;
    setBusy(true);
    setFailure(null);
    try {
      await reportAbuse(reportedUserId, reportedFromUrl, category);
      openChange(false);
      showToast(REPORT_THANKS);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not send the report. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer isOpen={isOpen} onOpenChange={openChange} title="Report abuse to administrator" layer="top">
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <RadioGroup
          className={styles.radios}
          isRequired
          value={category}
          onChange={(value) => setCategory(value as AbuseCategory)}
          validationBehavior="native"
        >
          <Label className={styles.question}>Why are you reporting this user?</Label>
          {ABUSE_CATEGORIES.map(([value, text]) => (
            <Radio key={value} value={value} className={radio.radio}>
              <span className={radio.dot} aria-hidden="true" />
              {text}
            </Radio>
          ))}
          <FieldError className={styles.required}>Select a reason.</FieldError>
        </RadioGroup>
        {failure && <Alert variant="danger">{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="confirm" isDisabled={busy}>
            Next
          </Button>
        </div>
      </form>
    </Drawer>
  );
}
