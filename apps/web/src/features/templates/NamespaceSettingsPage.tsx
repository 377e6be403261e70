import { ErrorState } from '../../app/ErrorState';
import { PageNotFound } from '../../app/NotFoundPage';
import type { Group } from '../../lib/types';
import settings from '../../ui/SettingsSection.module.css';
import { PageSpinner } from '../../ui/Spinner';
import { ExportGroupSection } from '../groups/ExportGroupSection';
import { GroupSettingsSections } from '../groups/GroupSettingsSections';
import { NamespacePageFrame } from '../shared/NamespacePageFrame';
import { TemplatesSection } from './TemplatesSection';
import styles from './TemplatesSettings.module.css';
import type { TemplateOwner } from './templatesApi';

/**
 * `/groups/:group/-/settings/general` and `/:project/-/settings/general`: the description templates
 * (IE-3, IE-4), for those who may manage them; to anyone else the page does not exist, as in GitLab.
 * A group's page opens with its settings (naming, visibility, permissions: issue 29) and ends with
 * Advanced › Export group (issue 32), both for its owners.
 */
export function NamespaceSettingsPage({ kind, fullPath }: { kind: 'group' | 'project'; fullPath: string }) {
  const owner: TemplateOwner = { kind, fullPath };
  return (
    <NamespacePageFrame kind={kind} fullPath={fullPath} page="settings" title="General settings">
      {({ query }) => {
        if (query.isPending) return <PageSpinner label="Loading settings" />;
        if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
        if (!query.data.can_admin_issuable_templates) return <PageNotFound />;
        return (
          <div className={settings.sections}>
            {kind === 'group' ? (
              // Keyed by the loaded group: a save's answer refreshes the cache, not the typed values.
              <GroupSettingsSections key={query.data.id} group={query.data as Group} />
            ) : null}
            <section className={styles.section} aria-labelledby="description-templates">
              <h2 id="description-templates">Description templates</h2>
              <p className={styles.help}>
                Templates offered when an issue or merge request is created in this {kind}
                {kind === 'group' ? ', its subgroups and projects' : ''}. Templates of parent groups are inherited; a
                template named like an inherited one replaces it here.
              </p>
              <TemplatesSection owner={owner} ownerId={query.data.id} type="issues" />
              <TemplatesSection owner={owner} ownerId={query.data.id} type="merge_requests" />
            </section>
            {kind === 'group' ? <ExportGroupSection fullPath={fullPath} /> : null}
          </div>
        );
      }}
    </NamespacePageFrame>
  );
}
