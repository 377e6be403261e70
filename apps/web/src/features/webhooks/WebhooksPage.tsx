import { type ReactNode, useState } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { ApiError } from '../../lib/api';
import { urls } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { useSaveHook, useWebhooks } from './queries';
import { WebhookForm } from './WebhookForm';
import { WebhookRow } from './WebhookRow';
import styles from './Webhooks.module.css';
import type { HookOwner } from './webhooksApi';

/**
 * `/groups/:group/-/hooks` and `/:project/-/hooks`: the group's or project's webhooks (Maintainer and
 * up for a project, Owner for a group); to anyone else the page does not exist, as in GitLab.
 */
export function WebhooksPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  const { context, crumbs } = useNamespaceContext(kind, fullPath);
  const owner: HookOwner = { kind, fullPath };
  const hooks = useWebhooks(owner);
  const [adding, setAdding] = useState(false);
  const create = useSaveHook(owner, null);
  let body: ReactNode;
  if (hooks.isPending) body = <PageSpinner label="Loading webhooks" />;
  else if (hooks.isError && hooks.error instanceof ApiError && [403, 404].includes(hooks.error.status)) {
    body = (
      <EmptyState
        title="Page not found"
        description="The page you were looking for does not exist, or you do not have permission to see it."
      />
    );
  } else if (hooks.isError) body = <ErrorState error={hooks.error} onRetry={() => void hooks.refetch()} />;
  else {
    body = (
      <section className={styles.section} aria-labelledby="webhooks">
        <h2 id="webhooks">Webhooks</h2>
        <p className={styles.help}>
          Webhooks send a POST request with GitLab's payload to a URL when issues, comments or merge requests change
          {kind === 'group' ? ' in this group, its subgroups and projects' : ' in this project'}.
        </p>
        {adding ? (
          <WebhookForm
            initial={null}
            pending={create.isPending}
            error={create.error}
            onSubmit={(input) => create.mutate(input, { onSuccess: () => setAdding(false) })}
            onCancel={() => setAdding(false)}
          />
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
  return (
    <ContextLayout
      context={context}
      active="hooks"
      crumbs={crumbs({ label: 'Webhooks', href: urls.hooks(kind, fullPath) })}
    >
      <div className={styles.page}>
        <header className={layout.pageHeader}>
          <h1>Webhooks</h1>
        </header>
        {body}
      </div>
    </ContextLayout>
  );
}
