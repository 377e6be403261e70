import type { ListKind } from '@meridian/domain';
import { sortOptionsFor } from '@meridian/domain';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { useNamespaceContext } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { encodeId } from '../../lib/api';
import { urls } from '../../lib/paths';
import type { QueryScope } from '../../lib/queries';
import { useSession } from '../../lib/session';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { Alert } from '../../ui/Alert';
import { buttonClassName } from '../../ui/buttonClassName';
import { EmptyState } from '../../ui/EmptyState';
import { KeysetPagination } from '../../ui/KeysetPagination';
import { SortDropdown } from '../../ui/SortDropdown';
import { PageSpinner } from '../../ui/Spinner';
import { FilteredSearchBar } from '../filtered-search/FilteredSearchBar';
import filterRowStyles from './FilterRow.module.css';
import { sortHref } from './listAddress';
import styles from './StateListPage.module.css';
import { StateTabs } from './StateTabs';
import { type ListTab, useFilteredList } from './useFilteredList';

/** A state tab with the empty-state title shown when its list has nothing (and no filter is applied). */
export interface StateListTab extends ListTab {
  emptyTitle: string;
}

/** Whose list it is: a group's or a project's, and which of its pages (sidebar item and breadcrumb link). */
export type StateListOwner =
  | { kind: 'group'; fullPath: string; page: 'epics' | 'issues' | 'merge_requests' }
  | { kind: 'project'; fullPath: string; page: 'issues' | 'merge_requests' };

interface StateListProps<T> {
  list: ListKind;
  /** The feature's list query key, e.g. `issueKeys.lists()`. */
  scope: QueryScope;
  /** API path of the list, e.g. `/projects/acme%2Fweb/issues` (the owner's page). */
  path: string;
  tabs: StateListTab[];
  /** Accessible name of the state links, e.g. "Issue state". */
  tabsLabel: string;
  /** Spinner label, e.g. "Loading issues". */
  loadingLabel: string;
  emptyDescription: string;
  /** An alert text replacing the generic error state (epics: RF §8 'Something went wrong while fetching epics'). */
  errorText?: string;
  renderTable: (items: T[]) => ReactNode;
  /** The list's CSV export (e.g. `/acme/web/-/issues.csv`): an "Export as CSV" link with the list's filters and sort. */
  exportCsvPath?: string;
}

/** The default `sort=` when the address has none: newest first, like GitLab's lists. */
function defaultSort(list: ListKind): string {
  const options = sortOptionsFor(list);
  const created = options.find((o) => o.orderBy === 'created_at') ?? options[0];
  return created?.descending ?? 'created_date';
}

function StateListBody<T>({
  owner,
  list,
  scope,
  path,
  tabs,
  tabsLabel,
  loadingLabel,
  emptyDescription,
  errorText,
  renderTable,
  exportCsvPath,
  namespaceId,
}: StateListProps<T> & { owner: StateListOwner; namespaceId?: number }) {
  const { state, result, tabLinks, pages, filtered, listParams } = useFilteredList<T>(list, scope, path, tabs);
  const { pathname, params } = useLocationInfo();
  const navigate = useNavigate();
  const { user } = useSession();

  let content: ReactNode;
  if (result.isPending) content = <PageSpinner label={loadingLabel} />;
  else if (result.isError)
    content = errorText ? (
      <Alert variant="danger">{errorText}</Alert>
    ) : (
      <ErrorState error={result.error} onRetry={() => void result.refetch()} what="list" />
    );
  else if (result.data.items.length === 0) {
    content = filtered ? (
      <EmptyState
        title="Sorry, your filter produced no results"
        description="To widen your search, change or remove filters above."
      />
    ) : (
      <EmptyState title={tabs.find((tab) => tab.state === state)?.emptyTitle ?? ''} description={emptyDescription} />
    );
  } else {
    const info = pages.page && pages.totalPages ? `Page ${pages.page} of ${pages.totalPages}` : undefined;
    content = (
      <div className={result.isPlaceholderData ? styles.stale : undefined} aria-busy={result.isPlaceholderData}>
        {renderTable(result.data.items)}
        <KeysetPagination prevHref={pages.prevHref} nextHref={pages.nextHref} info={info} />
      </div>
    );
  }

  const sort = params.get('sort') ?? defaultSort(list);
  const sortSlot = (
    <SortDropdown
      options={sortOptionsFor(list)}
      sort={sort}
      onSort={(value) => void navigate({ href: sortHref(pathname, params, value) })}
    />
  );
  return (
    <>
      <StateTabs tabs={tabLinks} active={state} label={tabsLabel} />
      <div className={filterRowStyles.filterRow}>
        <FilteredSearchBar
          list={list}
          namespace={{ kind: owner.kind, fullPath: owner.fullPath, id: namespaceId }}
          recentSearchesPage={owner.page}
          signedIn={!!user}
          currentUser={
            user
              ? { id: user.id, username: user.username, name: user.name, avatar_url: user.avatar_url ?? undefined }
              : undefined
          }
          sortSlot={sortSlot}
        />
        {exportCsvPath && (
          // A plain download: the server streams the file, the page stays where it is.
          <a href={`${exportCsvPath}?${listParams.toString()}`} download className={buttonClassName()}>
            Export as CSV
          </a>
        )}
      </div>
      {content}
    </>
  );
}

/**
 * A group's or project's filtered list (epics, issues, merge requests) like GitLab's: state links with
 * counts, the filtered-search bar with the sort control at its right, rows, Previous/Next pages, and
 * the loading, error and empty states, under an `<h1>`. If the group or project itself fails to
 * load, shows that error instead.
 */
export function StateListPage<T>({
  owner,
  title,
  actions,
  ...list
}: Omit<StateListProps<T>, 'path' | 'loadingLabel'> & {
  owner: StateListOwner;
  /** The heading; "Loading {title}" labels the spinner. */
  title: string;
  /** Buttons at the right of the page title (e.g. "New epic"). */
  actions?: ReactNode;
}) {
  const { context, crumbs, query: parent } = useNamespaceContext(owner.kind, owner.fullPath);
  const href =
    owner.kind === 'group' ? urls.groupPage(owner.fullPath, owner.page) : urls.projectPage(owner.fullPath, owner.page);
  return (
    <ContextLayout context={context} active={owner.page} crumbs={crumbs({ label: title, href })}>
      <header className={layout.pageHeader}>
        <h1>{title}</h1>
        {actions}
      </header>
      {parent.isError ? (
        <ErrorState error={parent.error} onRetry={() => void parent.refetch()} what={owner.kind} />
      ) : (
        <StateListBody<T>
          {...list}
          owner={owner}
          path={`/${owner.kind === 'group' ? 'groups' : 'projects'}/${encodeId(owner.fullPath)}/${owner.page}`}
          loadingLabel={`Loading ${title.toLowerCase()}`}
          namespaceId={parent.data?.id}
        />
      )}
    </ContextLayout>
  );
}
