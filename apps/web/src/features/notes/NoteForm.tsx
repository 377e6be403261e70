import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { MarkdownEditor } from '../shared/MarkdownEditor';
import { autosaveKey, clearDraft, readDraft, writeDraft } from '../shared/useAutosave';
import { useSecretGuard } from '../shared/useSecretGuard';
import styles from './NoteEditors.module.css';
import type { NoteableRef } from './notesApi';

export interface NoteFormProps {
  /** The field's accessible name ('Comment', 'Reply', 'Edit comment'). */
  label: string;
  /** What the note is on: the editor previews and autocompletes in its project or group (an epic's), confidential items only under a confidential one. */
  noteable: NoteableRef;
  /** Where the draft is autosaved (localStorage, cleared on submit). */
  draftParts: readonly string[];
  initial?: string;
  placeholder: string;
  /** Saves the text; resolves when saved (the draft is then cleared and the field emptied). */
  onSubmit: (body: string) => Promise<unknown>;
  /** The submit button(s): given whether the text may be sent and the submit function. */
  actions: (state: { disabled: boolean; busy: boolean; submit: () => void }) => ReactNode;
  /** Shown between the editor and the buttons (the internal-note checkbox). */
  children?: ReactNode;
  /** Puts the cursor in the field when it opens on the user's action (Edit, Reply, the comment field). */
  autoFocus?: boolean;
}

/**
 * The Markdown editor of a comment, a reply or an edit: Ctrl/Cmd+Enter submits, empty text cannot
 * be sent, the draft is kept in localStorage until sent, and text holding a secret asks first (IE §2.6).
 */
export function NoteForm({
  label,
  noteable,
  draftParts,
  initial = '',
  placeholder,
  onSubmit,
  actions,
  children,
  autoFocus = false,
}: NoteFormProps) {
  const labelId = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (autoFocus) form.current?.querySelector('textarea')?.focus();
  }, [autoFocus]);
  const draftKey = autosaveKey(draftParts);
  const [body, setBody] = useState(() => readDraft<string>(draftKey)?.value ?? initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const secretGuard = useSecretGuard('comment');

  useEffect(() => {
    if (body.trim() && body !== initial) writeDraft(draftKey, body, null);
    else clearDraft(draftKey);
  }, [body, draftKey, initial]);

  const disabled = busy || body.trim() === '';
  const submit = () => {
    if (disabled) return;
    secretGuard.guard(body, () => {
      setBusy(true);
      setError(null);
      onSubmit(body)
        .then(() => {
          clearDraft(draftKey);
          setBody('');
        })
        .catch((failure: Error) => setError(failure.message))
        .finally(() => setBusy(false));
    });
  };

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
      {error && <Alert variant="danger">{error}</Alert>}
      <MarkdownEditor
        labelId={labelId}
        value={body}
        onChange={setBody}
        onSubmit={submit}
        projectPath={noteable.containerPath}
        containerKind={noteable.kind === 'epic' ? 'group' : 'project'}
        confidential={noteable.confidential}
        placeholder={placeholder}
      />
      {children}
      <div className={styles.formButtons}>{actions({ disabled, busy, submit })}</div>
      {secretGuard.dialog}
    </form>
  );
}

/** The Save / Cancel pair of an edit or a reply. */
export function SubmitOrCancel({
  label,
  disabled,
  onCancel,
}: {
  label: string;
  disabled: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <Button type="submit" variant="confirm" size="small" isDisabled={disabled}>
        {label}
      </Button>
      <Button size="small" onPress={onCancel}>
        Cancel
      </Button>
    </>
  );
}
