import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { LabelledInput } from '../shared/LabelledField';
import styles from './Webhooks.module.css';
import { HOOK_EVENTS, type HookEventFlag, type Webhook, type WebhookInput } from './webhooksApi';

/** URL, name, secret token, the events and SSL verification of a hook; the server's refusal shown inline. */
export function WebhookForm({
  initial,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: Webhook | null;
  pending: boolean;
  error: unknown;
  onSubmit: (input: WebhookInput) => void;
  onCancel: () => void;
}) {
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
    onSubmit({ url, name, enable_ssl_verification: ssl, ...events, ...(token ? { token } : {}) });
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
      <div className={styles.actions}>
        <Button type="submit" variant="confirm" isDisabled={pending}>
          {pending ? 'Saving…' : initial ? 'Save changes' : 'Add webhook'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
