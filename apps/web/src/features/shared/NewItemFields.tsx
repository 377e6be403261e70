import { AppLink } from '../../lib/AppLink';
import { buttonClassName } from '../../ui/buttonClassName';
import styles from '../../ui/Form.module.css';
import { SelectOptions } from '../../ui/SelectOptions';
import { LabelledField, LabelledInput } from './LabelledField';

// The fields the New issue and New work item forms share; `id` is the form's own `useId()`.

/** The title, focused on load: the page exists to type it. */
export function NewItemTitleField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (title: string) => void;
}) {
  return (
    <LabelledInput
      id={`${id}-title`}
      label="Title"
      value={value}
      onChange={onChange}
      maxLength={255}
      required
      autoComplete="off"
      autoFocus
    />
  );
}

/** The type the new item gets, from the types the user may create. */
export function NewItemTypeField<T extends string>({
  id,
  value,
  types,
  onChange,
}: {
  id: string;
  value: T;
  types: readonly { value: T; label: string }[];
  onChange: (type: T) => void;
}) {
  return (
    <LabelledField htmlFor={`${id}-type`} label="Type">
      <select
        id={`${id}-type`}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        <SelectOptions choices={types.map((type) => [type.value, type.label] as const)} />
      </select>
    </LabelledField>
  );
}

/** The confidential box, in GitLab's words for who may then see the item. */
export function NewItemConfidentialBox({
  noun,
  checked,
  onChange,
}: {
  noun: string;
  checked: boolean;
  onChange: (confidential: boolean) => void;
}) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{`This ${noun} is confidential and should only be visible to team members with at least the Planner role.`}</span>
    </label>
  );
}

/** Create (disabled while it cannot be sent) and Cancel back to the list. */
export function NewItemActions({
  form,
  disabled,
  label,
  cancelHref,
}: {
  /** The id of the form Create submits, when the buttons sit outside it. */
  form?: string;
  disabled: boolean;
  label: string;
  cancelHref: string;
}) {
  return (
    <div className={styles.actions}>
      <button type="submit" form={form} className={buttonClassName('confirm')} disabled={disabled}>
        {label}
      </button>
      <AppLink href={cancelHref} className={buttonClassName('default')}>
        Cancel
      </AppLink>
    </div>
  );
}
