import { useRouter } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { AppLink } from '../../lib/AppLink';
import { ApiError, apiPath, encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import { useApiList } from '../../lib/queries';
import type { LabelDetail } from '../../lib/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { buttonClassName } from '../../ui/buttonClassName';
import form from '../../ui/Form.module.css';
import { LabelBadge } from '../../ui/LabelBadge';
import { Spinner } from '../../ui/Spinner';
import { labelKeys } from '../labels/queries';
import { LabelledField } from '../shared/LabelledField';
import { NewItemFrame } from '../shared/NewItemFrame';
import { useCanCreateEpic, useCreateEpic } from './queries';

/** Field names the server may name in a 400, mapped to the inputs they describe. */
type FieldName = 'title' | 'description' | 'labels' | 'start_date_fixed' | 'due_date_fixed';

interface FormError {
  message: string;
  field?: FieldName;
}

const KNOWN_FIELDS = new Set<string>(['title', 'description', 'labels', 'start_date_fixed', 'due_date_fixed']);

function toFormError(error: unknown): FormError {
  if (error instanceof ApiError) {
    const field = error.field && KNOWN_FIELDS.has(error.field) ? (error.field as FieldName) : undefined;
    return { message: error.message, field };
  }
  return { message: error instanceof Error ? error.message : 'Something went wrong. Try again.' };
}

function LabelPicker({
  groupPath,
  selected,
  onChange,
  invalid,
}: {
  groupPath: string;
  selected: string[];
  onChange: (names: string[]) => void;
  invalid: boolean;
}) {
  const labels = useApiList<LabelDetail>(
    labelKeys.lists(),
    apiPath(`/groups/${encodeId(groupPath)}/labels`, { per_page: 100 }),
  );
  const toggle = (name: string, checked: boolean) =>
    onChange(checked ? [...selected, name] : selected.filter((value) => value !== name));

  let body: ReactNode;
  if (labels.isPending) body = <Spinner label="Loading labels" />;
  else if (labels.isError)
    body = <ErrorState error={labels.error} onRetry={() => void labels.refetch()} what="list of labels" />;
  else if (labels.data.items.length === 0) body = <p className={form.hint}>This group has no labels yet.</p>;
  else
    body = (
      <ul className={form.choiceList}>
        {labels.data.items.map((label) => (
          <li key={label.id ?? label.name}>
            <label className={form.choice}>
              <input
                type="checkbox"
                name="labels"
                value={label.name}
                checked={selected.includes(label.name)}
                onChange={(event) => toggle(label.name, event.target.checked)}
              />
              <LabelBadge label={label} />
            </label>
          </li>
        ))}
      </ul>
    );

  return (
    <fieldset className={form.fieldset} aria-invalid={invalid || undefined}>
      <legend className={form.legend}>
        Labels <span className={form.optional}>(optional)</span>
      </legend>
      {body}
      {selected.length > 0 && (
        <p className={form.hint} aria-live="polite">
          {selected.length} selected
        </p>
      )}
    </fieldset>
  );
}

/** An optional date input of the form, labelled "… (optional)". */
function DateField({
  id,
  label,
  name,
  value,
  onChange,
  ...aria
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}) {
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {label} <span className={form.optional}>(optional)</span>
      </label>
      <input
        id={id}
        type="date"
        className={`${form.input} ${form.date}`}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    </div>
  );
}

function NewEpicForm({ groupPath, headingId }: { groupPath: string; headingId: string }) {
  const router = useRouter();
  const createEpic = useCreateEpic(groupPath);
  const ids = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [confidential, setConfidential] = useState(false);
  const [labels, setLabels] = useState<string[]>([]);
  const [startDate, setStartDate] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  const errorId = `${ids}-error`;
  const invalid = (field: FieldName) => (error?.field === field ? true : undefined);
  const describedBy = (field: FieldName, hint?: string) =>
    [hint, error?.field === field ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  const submit = async () => {
    if (pending) return;
    if (!title.trim()) {
      setError({ message: "Title can't be blank.", field: 'title' });
      titleRef.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const epic = await createEpic.mutateAsync({
        title: title.trim(),
        description,
        confidential,
        ...(labels.length > 0 ? { labels: labels.join(',') } : {}),
        start_date_is_fixed: startDate !== '',
        start_date_fixed: startDate || null,
        due_date_is_fixed: dueDate !== '',
        due_date_fixed: dueDate || null,
      });
      await router.navigate({ href: urls.epic(groupPath, epic.iid) });
    } catch (caught) {
      setError(toFormError(caught));
      setPending(false);
      requestAnimationFrame(() => alertRef.current?.scrollIntoView({ block: 'nearest' }));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  // Ctrl/⌘+Enter in the description submits, like GitLab's Markdown fields.
  const onDescriptionKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <div ref={alertRef} id={errorId}>
        {error && (
          <Alert variant="danger" title="The epic could not be created.">
            {error.message}
          </Alert>
        )}
      </div>

      <LabelledField htmlFor={`${ids}-title`} label="Title">
        <input
          id={`${ids}-title`}
          ref={titleRef}
          className={form.input}
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={255}
          required
          aria-required="true"
          aria-invalid={invalid('title')}
          aria-describedby={describedBy('title')}
          autoComplete="off"
        />
      </LabelledField>

      <LabelledField htmlFor={`${ids}-description`} label="Description">
        <textarea
          id={`${ids}-description`}
          className={`${form.input} ${form.textarea}`}
          name="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          onKeyDown={onDescriptionKeyDown}
          placeholder="Write a description…"
          rows={8}
          aria-invalid={invalid('description')}
          aria-describedby={describedBy('description', `${ids}-description-hint`)}
        />
        <p id={`${ids}-description-hint`} className={form.hint}>
          Supports Markdown.
        </p>
      </LabelledField>

      <div className={form.field}>
        <label className={form.checkbox}>
          <input
            type="checkbox"
            name="confidential"
            checked={confidential}
            onChange={(event) => setConfidential(event.target.checked)}
            aria-describedby={`${ids}-confidential-hint`}
          />
          <span>Confidential</span>
        </label>
        <p id={`${ids}-confidential-hint`} className={form.hint}>
          This epic is confidential and should only be visible to team members with at least the Reporter role.
        </p>
      </div>

      <LabelPicker groupPath={groupPath} selected={labels} onChange={setLabels} invalid={error?.field === 'labels'} />

      <div className={form.dates}>
        {(
          [
            ['start', 'Start date', 'start_date_fixed', startDate, setStartDate],
            ['due', 'Due date', 'due_date_fixed', dueDate, setDueDate],
          ] as const
        ).map(([key, label, name, value, onChange]) => (
          <DateField
            key={key}
            id={`${ids}-${key}`}
            label={label}
            name={name}
            value={value}
            onChange={onChange}
            aria-invalid={invalid(name)}
            aria-describedby={describedBy(name)}
          />
        ))}
      </div>

      <div className={form.actions}>
        <Button type="submit" variant="confirm" isDisabled={pending}>
          {pending ? 'Creating epic…' : 'Create epic'}
        </Button>
        <AppLink href={urls.groupPage(groupPath, 'epics')} className={buttonClassName('default')}>
          Cancel
        </AppLink>
      </div>
    </form>
  );
}

/** `/groups/:group/-/epics/new`: GitLab's new epic form, for users who may create epics in the group. */
export function NewEpicPage({ groupPath }: { groupPath: string }) {
  const allowed = useCanCreateEpic(groupPath);
  return (
    <NewItemFrame owner={{ kind: 'group', fullPath: groupPath, list: 'epics' }} title="New epic" allowed={allowed}>
      {(headingId) => <NewEpicForm groupPath={groupPath} headingId={headingId} />}
    </NewItemFrame>
  );
}
