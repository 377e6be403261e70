import { type ReactNode, useId } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { urls } from '../../lib/paths';
import styles from '../../ui/Form.module.css';

const LIST_TITLES = { epics: 'Epics', issues: 'Issues', merge_requests: 'Merge requests' } as const;

/**
 * The frame of a "new item" page (New epic, New issue, New merge request) in its group or project: the sidebar, the
 * crumbs down to the list and 'New', the heading, and `children`, given the heading's id so the
 * form can be named by it. `body` replaces the heading and form (a spinner while permission loads).
 */
export function NewItemFrame({
  owner,
  title,
  body,
  children,
}: {
  /** Where the item is created: a group's epics or a project's issues or merge requests. */
  owner:
    | { kind: 'group'; fullPath: string; list: 'epics' }
    | { kind: 'project'; fullPath: string; list: 'issues' | 'merge_requests' };
  title: string;
  body?: ReactNode;
  children: (headingId: string) => ReactNode;
}) {
  const { context, crumbs } = useNamespaceContext(owner.kind, owner.fullPath);
  const headingId = `${useId()}-heading`;
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
