import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { useNamespaceContext } from '../../app/groupContext';
import { timeAgo } from '../../lib/format';
import { LabelColorsProvider } from '../../lib/LabelColors';
import { urls } from '../../lib/paths';
import type { UserSummary } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import { useCollapsedGutter } from './collapsedGutter';
import { Description, type TaskToggle } from './Description';
import styles from './DetailLayout.module.css';
import { StickyTitle, useScrolledOutOfView } from './StickyTitle';
import type { TaskListActions } from './taskList/taskListActions';

/**
 * The frame every issuable detail page (issue, epic, merge request) shares: the header (state
 * badges and a by-line, the actions on the right, the title below) and the two columns — the
 * description and the page's sections on the left, the labelled sidebar on the right.
 */
export function DetailHeader({
  badges,
  byline,
  title,
  actions,
  belowTitle,
  sticky = false,
}: {
  badges: ReactNode;
  byline: ReactNode;
  title: string;
  actions?: ReactNode;
  /** A line under the title (the epic's rollup drift). */
  belowTitle?: ReactNode;
  /** Keep the badges and title in a bar at the top once the header scrolls away (issues and epics, IE §2.1). */
  sticky?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  const scrolledAway = useScrolledOutOfView(ref);
  return (
    <header className={styles.header} ref={ref}>
      <div className={styles.metaLine}>
        {badges}
        <span>{byline}</span>
        {actions && <span style={{ marginLeft: 'auto' }}>{actions}</span>}
      </div>
      <h1 className={styles.title} id={PAGE_TOP_ID} tabIndex={-1}>
        {title}
      </h1>
      {belowTitle}
      {sticky && scrolledAway && <StickyTitle badges={badges} title={title} topId={PAGE_TOP_ID} />}
    </header>
  );
}

/** The anchor the sticky header links back to: the page title. */
const PAGE_TOP_ID = 'top';

/** The Open / Closed badge of an issue or an epic. */
export function OpenBadge({ state }: { state: string }) {
  const open = state === 'opened';
  return <Badge variant={open ? 'success' : 'info'}>{open ? 'Open' : 'Closed'}</Badge>;
}

/** "Issue created 3 days ago by Ada" */
export function CreatedBy({ what, at, author }: { what: string; at: string; author?: UserSummary | null }) {
  return (
    <>
      {what} created <time dateTime={at}>{timeAgo(at)}</time>
      {author && (
        <>
          {' '}
          by <strong>{author.name}</strong>
        </>
      )}
    </>
  );
}

/**
 * The description, then `children` (sections), beside the sidebar `aside` named `asideLabel`. On small
 * screens the sidebar is folded away behind an 'Expand sidebar' button (IE §2.1). With
 * `collapsibleGutter` (epics, IE §2.3) it folds away on any screen and the choice is kept in the
 * `collapsed_gutter` cookie.
 */
type DetailDescription = {
  html?: string | null;
  text?: string | null;
  onTaskToggle?: TaskToggle;
  taskList?: TaskListActions;
};

/** The description of an item whose task list the page edits (`useTaskListEditing`'s toggle and actions). */
export function editableDescription(
  item: { description_html?: string | null; description?: string | null },
  taskList: { toggle?: TaskToggle; actions?: TaskListActions },
): DetailDescription {
  return {
    html: item.description_html,
    text: item.description,
    onTaskToggle: taskList.toggle,
    taskList: taskList.actions,
  };
}

export function DetailColumns({
  description,
  asideLabel,
  aside,
  asideBusy = false,
  children,
  collapsibleGutter = false,
}: {
  description: DetailDescription;
  asideLabel: string;
  aside: ReactNode;
  /** The sidebar's saves are on their way (aria-busy). */
  asideBusy?: boolean;
  children?: ReactNode;
  collapsibleGutter?: boolean;
}) {
  const main = (
    <div className={styles.content}>
      <Description {...description} empty="No description provided." />
      {children}
    </div>
  );
  return collapsibleGutter ? (
    <GutterColumns asideLabel={asideLabel} aside={aside} asideBusy={asideBusy}>
      {main}
    </GutterColumns>
  ) : (
    <SmallScreenColumns asideLabel={asideLabel} aside={aside} asideBusy={asideBusy}>
      {main}
    </SmallScreenColumns>
  );
}

type ColumnsProps = { asideLabel: string; aside: ReactNode; asideBusy: boolean; children: ReactNode };

function SidebarToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={styles.asideToggle}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? 'Collapse sidebar' : 'Expand sidebar'}
    </button>
  );
}

function SmallScreenColumns({ asideLabel, aside, asideBusy, children }: ColumnsProps) {
  const [asideOpen, setAsideOpen] = useState(false);
  const asideId = useId();
  return (
    <div className={styles.columns}>
      <SidebarToggle open={asideOpen} controls={asideId} onToggle={() => setAsideOpen((open) => !open)} />
      {children}
      <aside id={asideId} className={styles.aside} data-open={asideOpen} aria-label={asideLabel} aria-busy={asideBusy}>
        {aside}
      </aside>
    </div>
  );
}

function GutterColumns({ asideLabel, aside, asideBusy, children }: ColumnsProps) {
  const [collapsed, toggle] = useCollapsedGutter();
  const asideId = useId();
  return (
    <div className={styles.columns} data-gutter={collapsed ? 'collapsed' : 'expanded'}>
      {children}
      <div className={styles.gutter}>
        <SidebarToggle open={!collapsed} controls={asideId} onToggle={toggle} />
        <aside id={asideId} className={styles.aside} hidden={collapsed} aria-label={asideLabel} aria-busy={asideBusy}>
          {aside}
        </aside>
      </div>
    </div>
  );
}

/** A titled section of a detail page's main column. */
export function DetailSection({
  id,
  title,
  loading,
  children,
}: {
  id: string;
  title: string;
  /** For `children` loaded lazily: the spinner's label while their chunk loads. */
  loading?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {loading === undefined ? children : <Suspense fallback={<Spinner label={loading} />}>{children}</Suspense>}
    </section>
  );
}

/** `children`, or a muted "None" when there is nothing to show. */
export function OrNone({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') {
    return <span className={styles.none}>None</span>;
  }
  return children;
}

/** The spinner, the error with a retry, or the loaded item's page. */
export function DetailQuery<T>({
  query,
  what,
  children,
  missing,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: NonNullable<T>) => ReactNode;
  /** Shown when the query succeeds without data. */
  missing?: ReactNode;
}) {
  if (query.isPending) return <PageSpinner label={`Loading ${what}`} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} what={what} />;
  return query.data ? children(query.data as NonNullable<T>) : missing;
}

/** The items a detail page shows: their namespace, their list page and their reference (`#12`, `!7`, `&3`). */
const DETAIL_ITEMS = {
  issue: {
    kind: 'project',
    what: 'issue',
    sigil: '#',
    href: urls.issue,
    list: { id: 'issues', label: 'Issues', href: (fullPath: string) => urls.projectPage(fullPath, 'issues') },
  },
  merge_request: {
    kind: 'project',
    what: 'merge request',
    sigil: '!',
    href: urls.mergeRequest,
    list: {
      id: 'merge_requests',
      label: 'Merge requests',
      href: (fullPath: string) => urls.projectPage(fullPath, 'merge_requests'),
    },
  },
  epic: {
    kind: 'group',
    what: 'epic',
    sigil: '&',
    href: urls.epic,
    list: { id: 'epics', label: 'Epics', href: (fullPath: string) => urls.groupPage(fullPath, 'epics') },
  },
} as const;

/**
 * A detail page in its group or project (`fullPath`): the sidebar, the crumbs down to the list and
 * the item (whose reference — `#12`, `&3`, `!7` — also ends the document title), the label colors
 * of the namespace, and the item's query state around `children`.
 */
export function DetailFrame<T extends { title: string }>({
  item,
  fullPath,
  iid,
  query,
  missing,
  children,
}: {
  item: keyof typeof DETAIL_ITEMS;
  fullPath: string;
  iid: number;
  query: UseQueryResult<T>;
  missing?: ReactNode;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  const { kind, what, sigil, href, list } = DETAIL_ITEMS[item];
  const { context, crumbs } = useNamespaceContext(kind, fullPath);
  const self = { label: `${sigil}${iid}`, href: href(fullPath, iid) };
  return (
    <ContextLayout
      context={context}
      active={list.id}
      title={query.data ? `${query.data.title} (${self.label})` : undefined}
      crumbs={crumbs({ label: list.label, href: list.href(fullPath) }, self)}
    >
      <LabelColorsProvider kind={kind} fullPath={fullPath}>
        <DetailQuery query={query} what={what} missing={missing}>
          {children}
        </DetailQuery>
      </LabelColorsProvider>
    </ContextLayout>
  );
}
