import { parsePresetType, parseTimeframeRangeType } from './timeframe';
import type { EpicsState, MilestonesType, PresetType, ProgressTracking, TimeframeRangeType } from './types';

/** What the roadmap page reads from its address on load (RF §2, defaults RF §4). */
export interface RoadmapDisplaySettings {
  rangeType: TimeframeRangeType;
  preset: PresetType;
  epicsState: EpicsState;
  progressTracking: ProgressTracking;
  milestonesType: MilestonesType;
  showMilestones: boolean;
  showLabels: boolean;
  showProgress: boolean;
  sort: string;
  epicIid: number | null;
  /** The raw `layout` parameter as written in the address (`preset` is its validated reading). */
  layout: string | null;
}

const EPICS_STATES: readonly EpicsState[] = ['all', 'opened', 'closed'];
const PROGRESS_MODES: readonly ProgressTracking[] = ['WEIGHT', 'COUNT'];
const MILESTONES_TYPES: readonly MilestonesType[] = ['ALL', 'GROUP', 'SUBGROUP', 'PROJECT'];

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  const v = value?.trim().toLowerCase();
  return allowed.find((a) => a.toLowerCase() === v) ?? fallback;
}

function parseSortValue(value: string | null, sortValues: string[]): string {
  if (value !== null) {
    if (sortValues.includes(value)) return value;
    const lower = value.toLowerCase();
    const caseless = sortValues.find((s) => s.toLowerCase() === lower);
    if (caseless !== undefined) return caseless;
  }
  return sortValues[0] ?? '';
}

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Reads the roadmap's display settings from its address. Enumerations are read case-insensitively;
 * `sort` must be one of `sortValues` (matched exactly, else ignoring case) and falls back to the first;
 * the epic iid the roadmap is scoped to comes from `epicIid` (RF §2); `epic_iid` is the filter bar's epic token.
 */
export function parseRoadmapDisplaySettings(params: URLSearchParams, sortValues: string[]): RoadmapDisplaySettings {
  const rangeType = parseTimeframeRangeType(params.get('timeframe_range_type'));
  const layout = params.get('layout');
  return {
    rangeType,
    preset: parsePresetType(layout, rangeType),
    epicsState: oneOf(params.get('state'), EPICS_STATES, 'all'),
    progressTracking: oneOf(params.get('progress'), PROGRESS_MODES, 'WEIGHT'),
    milestonesType: oneOf(params.get('milestones_type'), MILESTONES_TYPES, 'ALL'),
    showMilestones: params.get('show_milestones') !== 'false',
    showLabels: params.get('show_labels') === 'true',
    showProgress: params.get('show_progress') !== 'false',
    sort: parseSortValue(params.get('sort'), sortValues),
    epicIid: positiveInteger(params.get('epicIid')),
    layout,
  };
}

const INCLUDE_SUBEPICS = 'include_subepics';

/** Whether the filter holds an epic token with `=` and a numeric value (`epic_iid`/`epic_id`, not `not[…]`). */
function hasNumericEpicFilter(params: URLSearchParams): boolean {
  return ['epic_iid', 'epic_id'].some((name) => params.getAll(name).some((value) => /^\d+$/.test(value)));
}

/** A copy of the filter with `include_subepics=✓` when it filters by one epic (RF §5), without it otherwise. */
export function withIncludeSubepics(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(INCLUDE_SUBEPICS);
  if (hasNumericEpicFilter(params)) next.append(INCLUDE_SUBEPICS, '✓');
  return next;
}

/** A copy of the address with `label_name[]=<title>` added; null when that label is already filtered (RF §2). */
export function withLabelFilter(params: URLSearchParams, labelTitle: string): URLSearchParams | null {
  if (params.getAll('label_name[]').includes(labelTitle)) return null;
  const next = new URLSearchParams(params);
  next.append('label_name[]', labelTitle);
  return next;
}
