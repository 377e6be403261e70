import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { NotFoundPage } from '../../app/NotFoundPage';
import { urls } from '../../lib/paths';
import styles from '../../ui/Form.module.css';
import { PageSpinner } from '../../ui/Spinner';

const LIST_TITLES = { epics: 'Epics', issues: 'Issues', merge_requests: 'Merge requests' } as const;

/**
 * The frame of a "new item" page (New epic, New issue, New merge request) in its group or project: the sidebar, the
 * crumbs down to the list and 'New', the heading, and `children`, given the heading's id so the
 * form can be named by it. With `allowed` (may the user create here?), a spinner stands in while it
 * loads, and a user who may not gets the not-found page, as GitLab answers them.
 */
export function NewItemFrame({
  owner,
  title,
  allowed,
  children,
}: {
  /** Where the item is created: a group's epics or a project's issues or merge requests. */
  owner:
    | { kind: 'group'; fullPath: string; list: 'epics' }
    | { kind: 'project'; fullPath: string; list: 'issues' | 'merge_requests' };
  title: string;
  allowed?: UseQueryResult<boolean>;
  children: (headingId: string) => ReactNode;
}) {
  const { context, crumbs } = useNamespaceContext(owner.kind, owner.fullPath);
  const headingId = `${useId()}-heading`;
  if (allowed?.isSuccess && !allowed.data) return <NotFoundPage />;
  const body = allowed?.isPending ? (
    <PageSpinner label="Loading" />
  ) : allowed?.isError ? (
    <ErrorState error={allowed.error} onRetry={() => void allowed.refetch()} />
  ) : undefined;
  const listHref =
    owner.kind === 'group' ? urls.groupPage(owner.fullPath, owner.list) : urls.projectPage(owner.fullPath, owner.list);
  const listCrumb = { label: LIST_TITLES[owner.list], href: listHref };
  return (
    <ContextLayout
      context={context}
      active={owner.list}
      title={title}
      crumbs={crumbs(listCrumb, { label: 'New', href: `${listHref}/new` })}
    >
      {body ?? (
        <div className={styles.page}>
          <header className={layout.pageHeader}>
            <h1 id={headingId}>{title}</h1>
          </header>
          {children(headingId)}
        </div>
      )}
    </ContextLayout>
  );
}
