import { useState } from 'react';
import { ErrorState } from '../../app/ErrorState';
import { PageNotFound } from '../../app/NotFoundPage';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { PageSpinner } from '../../ui/Spinner';
import { NamespacePageFrame } from '../shared/NamespacePageFrame';
import { useSaveHook, useWebhooks } from './queries';
import { WebhookForm } from './WebhookForm';
import { WebhookRow } from './WebhookRow';
import styles from './Webhooks.module.css';
import type { HookOwner } from './webhooksApi';

/** The list of hooks and the Add form, for those the hooks API answers. */
function WebhooksSection({ kind, owner }: { kind: 'group' | 'project'; owner: HookOwner }) {
  const hooks = useWebhooks(owner);
  const [adding, setAdding] = useState(false);
  const create = useSaveHook(owner, null);
  if (hooks.isPending) return <PageSpinner label="Loading webhooks" />;
  if (hooks.isError && hooks.error instanceof ApiError && [403, 404].includes(hooks.error.status)) {
    return <PageNotFound />;
  }
  if (hooks.isError) return <ErrorState error={hooks.error} onRetry={() => void hooks.refetch()} />;
  return (
    <section className={styles.section} aria-labelledby="webhooks">
      <h2 id="webhooks">Webhooks</h2>
      <p className={styles.help}>
        Webhooks send a POST request with GitLab's payload to a URL when issues, comments or merge requests change
        {kind === 'group' ? ' in this group, its subgroups and projects' : ' in this project'}.
      </p>
      {adding ? (
        <WebhookForm initial={null} save={create} onClose={() => setAdding(false)} />
      ) : (
        <div>
          <Button variant="confirm" onPress={() => setAdding(true)}>
            Add new webhook
          </Button>
        </div>
      )}
      {hooks.data.length === 0 ? (
        <p className={styles.empty}>No webhooks enabled. Select trigger events above.</p>
      ) : (
        <ul className={styles.list} aria-label="Webhooks">
          {hooks.data.map((hook) => (
            <WebhookRow key={hook.id} owner={owner} hook={hook} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/groups/:group/-/hooks` and `/:project/-/hooks`: the group's or project's webhooks (Maintainer and
 * up for a project, Owner for a group); to anyone else the page does not exist, as in GitLab.
 */
export function WebhooksPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  return (
    <NamespacePageFrame kind={kind} fullPath={fullPath} page="hooks" title="Webhooks">
      {() => <WebhooksSection kind={kind} owner={{ kind, fullPath }} />}
    </NamespacePageFrame>
  );
}
