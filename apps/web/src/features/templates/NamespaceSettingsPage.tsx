import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { urls } from '../../lib/paths';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { TemplatesSection } from './TemplatesSection';
import styles from './TemplatesSettings.module.css';
import type { TemplateOwner } from './templatesApi';

/**
 * `/groups/:group/-/settings/general` and `/:project/-/settings/general`: the description templates
 * (IE-3, IE-4), for those who may manage them; to anyone else the page does not exist, as in GitLab.
 */
export function NamespaceSettingsPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  const { context, crumbs, query } = useNamespaceContext(kind, fullPath);
  const owner: TemplateOwner = { kind, fullPath };
  let body: ReactNode;
  if (query.isPending) body = <PageSpinner label="Loading settings" />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data.can_admin_issuable_templates) {
    body = (
      <EmptyState
        title="Page not found"
        description="The page you were looking for does not exist, or you do not have permission to see it."
      />
    );
  } else {
    body = (
      <section className={styles.section} aria-labelledby="description-templates">
        <h2 id="description-templates">Description templates</h2>
        <p className={styles.help}>
          Templates offered when an issue or merge request is created in this {kind}
          {kind === 'group' ? ', its subgroups and projects' : ''}. Templates of parent groups are inherited; a template
          named like an inherited one replaces it here.
        </p>
        <TemplatesSection owner={owner} ownerId={query.data.id} type="issues" />
        <TemplatesSection owner={owner} ownerId={query.data.id} type="merge_requests" />
      </section>
    );
  }
  return (
    <ContextLayout
      context={context}
      active="settings"
      crumbs={crumbs({ label: 'General settings', href: urls.settings(kind, fullPath) })}
    >
      <div className={styles.page}>
        <header className={layout.pageHeader}>
          <h1>General settings</h1>
        </header>
        {body}
      </div>
    </ContextLayout>
  );
}
