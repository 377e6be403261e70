import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { SaveCancelButtons } from '../../ui/SaveCancelButtons';
import { LabelledInput } from '../shared/LabelledField';
import { MarkdownField } from '../shared/MarkdownField';
import type { useCreateTemplate, useUpdateTemplate } from './queries';
import styles from './TemplatesSettings.module.css';
import type { TemplateInput, TemplateOwner } from './templatesApi';

/** Which field a refusal is about: the server names it, and a name already taken is a 409. */
function erroneousField(error: unknown): 'name' | 'content' | 'form' | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    if (error.field === 'name' || error.status === 409) return 'name';
    if (error.field === 'content') return 'content';
  }
  return 'form';
}

/** Name and Markdown content of a template, for adding and editing; the server's refusals shown inline. */
export function TemplateForm({
  owner,
  initial,
  submitLabel,
  save,
  onClose,
}: {
  owner: TemplateOwner;
  initial: TemplateInput;
  submitLabel: string;
  /** `useCreateTemplate` or `useUpdateTemplate`; the form closes once it has saved. */
  save: ReturnType<typeof useCreateTemplate | typeof useUpdateTemplate>;
  onClose: () => void;
}) {
  const { isPending: pending, error } = save;
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [content, setContent] = useState(initial.content);
  const field = erroneousField(error);
  const message = error instanceof Error ? error.message : '';
  const submit = () => save.mutate({ name, content }, { onSuccess: onClose });
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className={styles.form} onSubmit={onFormSubmit} noValidate>
      <LabelledInput
        id={`${id}-name`}
        label="Name"
        className={styles.input}
        value={name}
        onChange={setName}
        maxLength={255}
        aria-invalid={field === 'name' ? true : undefined}
        aria-describedby={field === 'name' ? `${id}-name-error` : undefined}
      >
        {field === 'name' && (
          <p id={`${id}-name-error`} className={styles.error}>
            {message}
          </p>
        )}
      </LabelledInput>
      <MarkdownField
        label="Content"
        labelId={`${id}-content`}
        value={content}
        onChange={setContent}
        onSubmit={submit}
        projectPath={owner.kind === 'project' ? owner.fullPath : ''}
        placeholder="Write the template in Markdown…"
      >
        {field === 'content' && <p className={styles.error}>{message}</p>}
      </MarkdownField>
      {field === 'form' && <Alert variant="danger">{message}</Alert>}
      <SaveCancelButtons className={styles.actions} submitLabel={submitLabel} pending={pending} onCancel={onClose} />
    </form>
  );
}
