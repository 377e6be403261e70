import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../ui/Alert';
import form from '../../ui/Form.module.css';
import { SaveCancelButtons } from '../../ui/SaveCancelButtons';
import { LabelledInput } from '../shared/LabelledField';
import type { useSaveHook } from './queries';
import styles from './Webhooks.module.css';
import { HOOK_EVENTS, type HookEventFlag, type Webhook } from './webhooksApi';

/** URL, name, secret token, the events and SSL verification of a hook; the server's refusal shown inline. */
export function WebhookForm({
  initial,
  save,
  onClose,
}: {
  initial: Webhook | null;
  /** `useSaveHook` of the hook (of a new one when `initial` is null); the form closes once it has saved. */
  save: ReturnType<typeof useSaveHook>;
  onClose: () => void;
}) {
  const { isPending: pending, error } = save;
  const id = useId();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [token, setToken] = useState('');
  const [ssl, setSsl] = useState(initial?.enable_ssl_verification ?? true);
  const [events, setEvents] = useState<Record<HookEventFlag, boolean>>(
    () =>
      Object.fromEntries(HOOK_EVENTS.map(([flag]) => [flag, initial?.[flag] ?? false])) as Record<
        HookEventFlag,
        boolean
      >,
  );
  const message = error instanceof Error ? error.message : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { url, name, enable_ssl_verification: ssl, ...events, ...(token ? { token } : {}) },
      { onSuccess: onClose },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={initial ? 'Edit webhook' : 'Add webhook'}>
      <LabelledInput
        id={`${id}-url`}
        label="URL"
        className={styles.input}
        value={url}
        onChange={setUrl}
        maxLength={2048}
        placeholder="https://example.com/hook"
      />
      <LabelledInput
        id={`${id}-name`}
        label="Name (optional)"
        className={styles.input}
        value={name}
        onChange={setName}
        maxLength={255}
      />
      <LabelledInput
        id={`${id}-token`}
        label="Secret token"
        className={styles.input}
        value={token}
        onChange={setToken}
        type="password"
        autoComplete="off"
        maxLength={255}
        placeholder={initial ? 'Unchanged unless you type a new one' : ''}
      />
      <fieldset className={styles.checks}>
        <legend className={form.label}>Trigger</legend>
        {HOOK_EVENTS.map(([flag, label]) => (
          <label key={flag}>
            <input
              type="checkbox"
              checked={events[flag]}
              onChange={(e) => setEvents((current) => ({ ...current, [flag]: e.target.checked }))}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <label>
        <input type="checkbox" checked={ssl} onChange={(e) => setSsl(e.target.checked)} /> Enable SSL verification
      </label>
      {message && <Alert variant="danger">{message}</Alert>}
      <SaveCancelButtons
        className={styles.actions}
        submitLabel={initial ? 'Save changes' : 'Add webhook'}
        pending={pending}
        onCancel={onClose}
      />
    </form>
  );
}
