import { useId, useState } from 'react';
import type { Issue } from '../../../lib/types';
import { buttonClassName } from '../../../ui/buttonClassName';
import { HEALTH_STATUS } from '../healthStatus';
import { PickerForm } from './PickerForm';
import styles from './Sidebar.module.css';
import { SidebarInput } from './SidebarInput';

/**
 * A weight or a date: Apply saves what is typed, the remove button clears the field. A date may be
 * bounded (`min`/`max`, YYYY-MM-DD): the browser then refuses to apply one outside them.
 */
export function ValueEditor({
  label,
  type,
  initial,
  removeText,
  onSave,
  min,
  max,
}: {
  label: string;
  type: 'number' | 'date';
  initial: string;
  removeText: string;
  onSave: (value: string) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <PickerForm onSubmit={() => onSave(value.trim())}>
      <SidebarInput
        type={type}
        label={label}
        value={value}
        min={type === 'number' ? 0 : min}
        max={type === 'number' ? 32_767 : max}
        step={type === 'number' ? 1 : undefined}
        // Focused: opened by the user's Edit press.
        autoFocus
        onChange={setValue}
      />
      <div className={styles.buttons}>
        <button type="submit" className={buttonClassName('confirm', 'small')}>
          Apply
        </button>
        {initial !== '' && (
          <button type="button" className={buttonClassName('default', 'small')} onClick={() => onSave('')}>
            {removeText}
          </button>
        )}
      </div>
    </PickerForm>
  );
}

type Health = NonNullable<Issue['health_status']>;

const HEALTH_CHOICES: Array<[Health | '', string]> = [
  ['', 'No status'],
  ...Object.entries(HEALTH_STATUS).map(([value, { text }]): [Health, string] => [value as Health, text]),
];

/** IE §4's health statuses (and none); choosing one saves it. */
export function HealthEditor({ initial, onSave }: { initial: string | null; onSave: (health: Health | null) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.options}>
      <legend className="visually-hidden">Health status</legend>
      {HEALTH_CHOICES.map(([value, text]) => (
        <label key={value} className={styles.option}>
          <input
            type="radio"
            name={name}
            checked={(initial ?? '') === value}
            onChange={() => onSave(value === '' ? null : value)}
          />
          <span className={styles.optionText}>{text}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** GitLab's confirm texts: who sees the item once confidentiality is turned off or on. */
const CONFIDENTIALITY_WARNINGS = {
  issue: {
    off: "You're about to turn off the confidentiality. This means everyone will be able to see and leave a comment on this issue.",
    on: "You're about to turn on the confidentiality. Only project members with at least the Planner role, the author, and assignees can view or be notified about this issue.",
  },
  epic: {
    off: "You're about to turn off the confidentiality. This means everyone will be able to see and leave a comment on this epic.",
    on: "You're about to turn on the confidentiality. Only group members with at least the Planner role can view or be notified about this epic.",
  },
} as const;

/** Turning confidentiality on or off asks first, saying who will see the issue (or epic) afterwards. */
export function ConfidentialityEditor({
  confidential,
  onCancel,
  onConfirm,
  noun = 'issue',
}: {
  confidential: boolean;
  onCancel: () => void;
  onConfirm: (confidential: boolean) => void;
  noun?: keyof typeof CONFIDENTIALITY_WARNINGS;
}) {
  return (
    <div className={styles.picker}>
      <p className={styles.warning}>{CONFIDENTIALITY_WARNINGS[noun][confidential ? 'off' : 'on']}</p>
      <div className={styles.buttons}>
        <button type="button" className={buttonClassName('default', 'small')} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={buttonClassName('confirm', 'small')} onClick={() => onConfirm(!confidential)}>
          {confidential ? 'Turn off' : 'Turn on'}
        </button>
      </div>
    </div>
  );
}
