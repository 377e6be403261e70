import {
  buildTimeframe,
  filterRoadmapMilestones,
  sortOptionsFor,
  weekStartFrom,
  withIncludeSubepics,
  withLabelFilter,
} from '@meridian/domain';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ContextLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { groupCrumbs, groupSidebar } from '../../app/groupContext';
import layout from '../../app/Layout.module.css';
import { urls } from '../../lib/paths';
import { useGroup } from '../../lib/queries';
import { useSession } from '../../lib/session';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { Alert } from '../../ui/Alert';
import { SortDropdown } from '../../ui/SortDropdown';
import { PageSpinner } from '../../ui/Spinner';
import { useSaveEpicDates } from './queries';
import { RoadmapEmptyState } from './RoadmapEmptyState';
import { RoadmapFilterRow } from './RoadmapFilterRow';
import { RoadmapSettingsDrawer } from './RoadmapSettingsDrawer';
import { type EditDates, RoadmapTimeline } from './RoadmapTimeline';
import type { RoadmapEpic } from './roadmapApi';
import { buildRoadmapRows, topLevelEpics } from './roadmapRows';
import {
  type RoadmapSettings,
  readStoredSettings,
  resolveRoadmapSettings,
  settingsToParams,
  storeSettings,
} from './roadmapSettings';
import { epicSortEnum, hasRoadmapFilters, roadmapFilterVariables } from './roadmapVariables';
import {
  useExpandedChildren,
  useRestBlockers,
  useRoadmapConfig,
  useRoadmapEpics,
  useRoadmapMilestones,
  useRoadmapWindows,
} from './useRoadmapData';

const SORT_OPTIONS = sortOptionsFor('roadmap');
const SORT_VALUES = SORT_OPTIONS.flatMap((o) => [o.ascending, o.descending]);

/** Today as `YYYY-MM-DD` in the browser's time zone. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function RoadmapBody({
  fullPath,
  namespaceId,
  scopeEpicIid,
}: {
  fullPath: string;
  namespaceId?: number;
  /** Only this epic's child epics (the epic page's Roadmap tab), whatever the address says. */
  scopeEpicIid?: number;
}) {
  const { pathname, params } = useLocationInfo();
  const navigate = useNavigate();
  const saveDates = useSaveEpicDates();
  const { user, isLoading: sessionLoading } = useSession();
  const [stored, setStored] = useState(readStoredSettings);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<string>>(new Set());
  const [saveError, setSaveError] = useState<string | null>(null);
  const searchStr = params.toString();

  const resolved = resolveRoadmapSettings(params, stored, SORT_VALUES);
  const { settings, sort } = resolved;
  const epicIid = scopeEpicIid ?? resolved.epicIid;
  const config = useRoadmapConfig();
  const today = useMemo(localToday, []);
  const weekStart = weekStartFrom(config.data?.firstDayOfWeek);
  const tf = useMemo(
    () => buildTimeframe(settings.rangeType, settings.preset, today, weekStart),
    [settings.rangeType, settings.preset, today, weekStart],
  );
  const filtered = hasRoadmapFilters(params);

  const variables = useMemo(() => {
    const p = new URLSearchParams(searchStr);
    return {
      state: settings.epicsState,
      sort: epicSortEnum(sort),
      timeframe: { start: tf.start, end: tf.end },
      ...roadmapFilterVariables(p),
    };
  }, [searchStr, settings.epicsState, sort, tf.start, tf.end]);

  const ready = config.isFetched && !sessionLoading;
  const epics = useRoadmapEpics(fullPath, epicIid, variables, ready);
  const limit = config.data?.epicsLimit ?? 1000;
  // A group roadmap loads all its epics up to the limit in parallel windows after the first page; an
  // epic's children (RF-2), or a server without windows, go on a page per scroll.
  const windowed = useRoadmapWindows(fullPath, variables, epics.data?.pages[0], limit, ready && epicIid === null);
  const windowsLoad = epicIid === null && !windowed.failed && windowed.epics !== null;
  const paged = useMemo(() => epics.data?.pages.flatMap((page) => page.nodes) ?? [], [epics.data]);
  const loaded = windowsLoad && windowed.epics ? windowed.epics : paged;
  const canCreateEpic = epics.data?.pages[0]?.canCreateEpic ?? false;
  const roots = useMemo(() => (epicIid === null ? topLevelEpics(loaded) : loaded), [loaded, epicIid]);

  const allKnown = useMemo(() => {
    const map = new Map<string, RoadmapEpic>();
    for (const epic of loaded) map.set(epic.id, epic);
    return map;
  }, [loaded]);
  const expandedEpics = useMemo(() => {
    const list: RoadmapEpic[] = [];
    for (const id of expandedIds) {
      const epic = allKnown.get(id);
      if (epic) list.push(epic);
    }
    return list;
  }, [expandedIds, allKnown]);
  const childrenOf = useExpandedChildren(expandedEpics, variables);

  // Children loaded on expand are known epics too (so they can be expanded in turn).
  const rows = useMemo(() => {
    return buildRoadmapRows(roots, tf, expandedIds, childrenOf);
  }, [roots, tf, expandedIds, childrenOf]);
  for (const row of rows) if (!allKnown.has(row.epic.id)) allKnown.set(row.epic.id, row.epic);

  const milestonesQuery = useRoadmapMilestones(
    fullPath,
    { start: tf.start, end: tf.end },
    settings.showMilestones && ready,
  );
  const milestones = settings.showMilestones
    ? filterRoadmapMilestones(milestonesQuery.data ?? [], settings.milestonesType)
    : null;

  const needRest = rows.some((row) => row.epic.blockedByEpics === undefined);
  const restBlockers = useRestBlockers(
    rows.map((row) => row.epic),
    needRest,
  );
  // By id: the dependency lines ask for every row's blockers, a search per row would be quadratic.
  const rowEpics = useMemo(() => new Map(rows.map((row) => [row.epic.id, row.epic])), [rows]);
  const blockersOf = useCallback(
    (id: string) => {
      const epic = rowEpics.get(id);
      return epic?.blockedByEpics ? epic.blockedByEpics.nodes.map((n) => n.id) : restBlockers.get(id);
    },
    [rowEpics, restBlockers],
  );

  const hasMore = windowsLoad ? !windowed.complete : !!epics.hasNextPage && loaded.length < limit;
  const { fetchNextPage, isFetchingNextPage } = epics;
  const onReachEnd = useCallback(() => {
    if (!windowsLoad && !isFetchingNextPage) void fetchNextPage();
  }, [windowsLoad, fetchNextPage, isFetchingNextPage]);
  const beyondLimit = windowsLoad
    ? (windowed.total ?? 0) > limit
    : loaded.length > limit || (!!epics.hasNextPage && loaded.length >= limit);

  const replaceParams = useCallback(
    (next: URLSearchParams) => {
      const qs = next.toString();
      void navigate({ href: `${pathname}${qs ? `?${qs}` : ''}`, replace: true });
    },
    [navigate, pathname],
  );

  // RF §5: an epic token with `=` and a numeric value carries `include_subepics=✓` in the address.
  useEffect(() => {
    const current = new URLSearchParams(searchStr);
    const next = withIncludeSubepics(current);
    if (next.getAll('include_subepics').join() !== current.getAll('include_subepics').join()) replaceParams(next);
  }, [searchStr, replaceParams]);

  const changeSettings = (changes: Partial<RoadmapSettings>) => {
    const next = { ...settings, ...changes };
    storeSettings(next);
    setStored(next);
    replaceParams(settingsToParams(params, next));
  };

  const onToggle = (epic: RoadmapEpic) => {
    allKnown.set(epic.id, epic);
    setExpandedIds((current) => {
      const next = new Set(current);
      if (next.has(epic.id)) next.delete(epic.id);
      else next.add(epic.id);
      return next;
    });
  };

  const onLabelClick = (title: string) => {
    const next = withLabelFilter(params, title);
    if (next) replaceParams(next);
  };

  const onEditDates = (epic: RoadmapEpic, dates: EditDates) => {
    setSaveError(null);
    // mutateAsync, not mutate's onError: that one fires for the latest of several drags only.
    saveDates.mutateAsync({ epic, dates }).catch(() => {
      setSaveError(`Something went wrong while saving the dates of epic “${epic.title}”. The change was reverted.`);
    });
  };

  const sortSlot = (
    <SortDropdown
      options={SORT_OPTIONS}
      sort={sort}
      onSort={(value) => {
        const next = new URLSearchParams(params);
        next.set('sort', value);
        replaceParams(next);
      }}
    />
  );

  let content: ReactNode;
  if (epics.isError) {
    content = <Alert variant="danger">Something went wrong while fetching epics</Alert>;
  } else if (epics.isPending || !ready) {
    content = <PageSpinner label="Loading roadmap" />;
  } else if (rows.length === 0 && !hasMore) {
    content = (
      <RoadmapEmptyState
        tf={tf}
        childEpics={epicIid !== null}
        filtered={filtered}
        canCreateEpic={canCreateEpic}
        epicsListHref={urls.groupPage(fullPath, 'epics')}
      />
    );
  } else {
    content = (
      <RoadmapTimeline
        groupPath={fullPath}
        tf={tf}
        today={today}
        rows={rows}
        milestones={milestones}
        showLabels={settings.showLabels}
        showProgress={settings.showProgress}
        progressTracking={settings.progressTracking}
        filtered={filtered}
        hasMore={hasMore}
        isLoadingMore={windowsLoad ? !windowed.complete : isFetchingNextPage}
        onReachEnd={onReachEnd}
        onToggle={onToggle}
        onLabelClick={onLabelClick}
        blockersOf={blockersOf}
        onEditDates={onEditDates}
      />
    );
  }

  return (
    <>
      <RoadmapFilterRow
        fullPath={fullPath}
        namespaceId={namespaceId}
        showBar={epicIid === null}
        user={user}
        sortSlot={sortSlot}
        onOpenSettings={() => setDrawerOpen(true)}
      />
      {beyondLimit ? (
        <Alert variant="warning" title="Some of your epics might not be visible">
          Roadmaps can display up to {limit.toLocaleString('en')} epics. These appear in your selected sort order.
        </Alert>
      ) : null}
      {settings.showMilestones && milestonesQuery.isError && (
        <Alert variant="danger">Something went wrong while fetching milestones</Alert>
      )}
      {saveError && <Alert variant="danger">{saveError}</Alert>}
      {content}
      <RoadmapSettingsDrawer
        isOpen={drawerOpen}
        onOpenChange={setDrawerOpen}
        settings={settings}
        onChange={changeSettings}
      />
    </>
  );
}

/** `/groups/:group/-/roadmap`: the group's epics (and milestones) on a timeline (RF §2). */
export function RoadmapPage({ fullPath }: { fullPath: string }) {
  const group = useGroup(fullPath);
  const crumbs = groupCrumbs(fullPath, group.data, { label: 'Roadmap', href: urls.groupPage(fullPath, 'roadmap') });
  return (
    <ContextLayout context={groupSidebar(fullPath, group.data)} active="roadmap" crumbs={crumbs}>
      <header className={layout.pageHeader}>
        <h1>Roadmap</h1>
      </header>
      {group.isError ? (
        <ErrorState error={group.error} onRetry={() => void group.refetch()} what="group" />
      ) : (
        <RoadmapBody fullPath={fullPath} namespaceId={group.data?.id} />
      )}
    </ContextLayout>
  );
}

/** The epic page's Roadmap tab: the roadmap of one epic's child epics (RF-2), without the page frame. */
export function EpicChildrenRoadmap({ fullPath, epicIid }: { fullPath: string; epicIid: number }) {
  return <RoadmapBody fullPath={fullPath} scopeEpicIid={epicIid} />;
}
