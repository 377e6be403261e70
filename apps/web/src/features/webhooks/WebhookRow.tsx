import { useId, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectOptions } from '../../ui/SelectOptions';
import { HookEvents } from './HookEvents';
import { useDeleteHook, useSaveHook, useTestHook } from './queries';
import { WebhookForm } from './WebhookForm';
import styles from './Webhooks.module.css';
import { type HookEventFlag, type HookOwner, TEST_TRIGGERS, type Webhook } from './webhooksApi';

const STATUS_TEXT: Record<Webhook['alert_status'], string> = {
  executable: '',
  temporarily_disabled: 'Temporarily disabled',
  disabled: 'Disabled',
};

/** One hook: its URL and events, Edit, Delete, the Test dropdown and its Recent events. */
export function WebhookRow({ owner, hook }: { owner: HookOwner; hook: Webhook }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [showEvents, setShowEvents] = useState(false);
  const [trigger, setTrigger] = useState<HookEventFlag>('issues_events');
  const save = useSaveHook(owner, hook.id);
  const remove = useDeleteHook(owner);
  const test = useTestHook(owner, hook.id);
  const subscribed = TEST_TRIGGERS.filter((t) => hook[t.flag]).map((t) => t.label);
  return (
    <li className={styles.hook} aria-label={hook.url}>
      <div className={styles.hookHeader}>
        <span className={styles.url}>{hook.url}</span>
        {STATUS_TEXT[hook.alert_status] && <strong>{STATUS_TEXT[hook.alert_status]}</strong>}
        <div className={styles.actions}>
          <label htmlFor={`${id}-trigger`} className={styles.meta}>
            Test
          </label>
          <select
            id={`${id}-trigger`}
            className={styles.select}
            value={trigger}
            onChange={(e) => setTrigger(e.target.value as HookEventFlag)}
          >
            <SelectOptions choices={TEST_TRIGGERS.map((t) => [t.flag, t.label] as const)} />
          </select>
          <Button size="small" onPress={() => test.mutate(trigger)} isDisabled={test.isPending}>
            Send test
          </Button>
          <Button size="small" onPress={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="small" variant="danger" onPress={() => remove.mutate(hook.id)} isDisabled={remove.isPending}>
            Delete
          </Button>
        </div>
      </div>
      <span className={styles.meta}>
        {hook.name ? `${hook.name} · ` : ''}
        {subscribed.length > 0 ? subscribed.join(', ') : 'No events'}
        {hook.enable_ssl_verification ? ' · SSL verification: enabled' : ''}
      </span>
      {test.isSuccess && <Alert variant="success">Hook executed successfully.</Alert>}
      {test.isError && <Alert variant="danger">{test.error.message}</Alert>}
      {remove.isError && <Alert variant="danger">{remove.error.message}</Alert>}
      {editing && <WebhookForm initial={hook} save={save} onClose={() => setEditing(false)} />}
      <div>
        <Button size="small" variant="tertiary" onPress={() => setShowEvents((v) => !v)}>
          {showEvents ? 'Hide recent events' : 'Recent events'}
        </Button>
      </div>
      {showEvents && <HookEvents owner={owner} hookId={hook.id} />}
    </li>
  );
}
