import {
  type PresetType,
  parsePresetType,
  parseRoadmapDisplaySettings,
  parseTimeframeRangeType,
  type RoadmapDisplaySettings,
} from '@meridian/domain';

/**
 * The settings drawer's state (RF §3 "Local roadmap settings", RF-9): the display settings the
 * address also carries, less the sort, the scoping epic and the raw layout; kept in localStorage, never sent.
 */
export type RoadmapSettings = Omit<RoadmapDisplaySettings, 'sort' | 'epicIid' | 'layout'>;

export const SETTINGS_STORAGE_KEY = 'meridian:roadmap:settings';

/** Which address parameter carries each setting. */
const PARAM_OF: Record<keyof RoadmapSettings, string> = {
  rangeType: 'timeframe_range_type',
  preset: 'layout',
  epicsState: 'state',
  progressTracking: 'progress',
  milestonesType: 'milestones_type',
  showMilestones: 'show_milestones',
  showLabels: 'show_labels',
  showProgress: 'show_progress',
};

const ALLOWED = {
  epicsState: ['all', 'opened', 'closed'],
  progressTracking: ['WEIGHT', 'COUNT'],
  milestonesType: ['ALL', 'GROUP', 'SUBGROUP', 'PROJECT'],
} as const;

/** Reads the stored settings, keeping only well-formed values. */
export function parseStoredSettings(raw: string | null): Partial<RoadmapSettings> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object') return {};
  const v = value as Record<string, unknown>;
  const out: Partial<RoadmapSettings> = {};
  if (typeof v.rangeType === 'string') out.rangeType = parseTimeframeRangeType(v.rangeType);
  if (typeof v.preset === 'string' && ['QUARTERS', 'MONTHS', 'WEEKS'].includes(v.preset))
    out.preset = v.preset as PresetType;
  for (const key of ['epicsState', 'progressTracking', 'milestonesType'] as const) {
    const allowed: readonly string[] = ALLOWED[key];
    const item = v[key];
    if (typeof item === 'string' && allowed.includes(item)) (out as Record<string, string>)[key] = item;
  }
  for (const key of ['showMilestones', 'showLabels', 'showProgress'] as const) {
    if (typeof v[key] === 'boolean') out[key] = v[key] as boolean;
  }
  return out;
}

/**
 * The settings in effect: a setting named in the address wins (RF §2), then the stored one (RF-9),
 * then the defaults (RF §4). A stored preset is kept only if the range in effect offers it.
 */
export function resolveRoadmapSettings(
  params: URLSearchParams,
  stored: Partial<RoadmapSettings>,
  sortValues: string[],
): { settings: RoadmapSettings; sort: string; epicIid: number | null } {
  const fromUrl = parseRoadmapDisplaySettings(params, sortValues);
  const has = (key: keyof RoadmapSettings) => params.has(PARAM_OF[key]);
  const pick = <K extends keyof RoadmapSettings>(key: K): RoadmapSettings[K] =>
    has(key) || stored[key] === undefined ? fromUrl[key] : (stored[key] as RoadmapSettings[K]);
  const rangeType = pick('rangeType');
  const preset = has('preset') ? fromUrl.preset : parsePresetType(stored.preset ?? null, rangeType);
  return {
    settings: {
      rangeType,
      preset,
      epicsState: pick('epicsState'),
      progressTracking: pick('progressTracking'),
      milestonesType: pick('milestonesType'),
      showMilestones: pick('showMilestones'),
      showLabels: pick('showLabels'),
      showProgress: pick('showProgress'),
    },
    sort: fromUrl.sort,
    epicIid: fromUrl.epicIid,
  };
}

/** The address with the settings written in (replacing their parameters, keeping every other one). */
export function settingsToParams(params: URLSearchParams, settings: RoadmapSettings): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<keyof RoadmapSettings, string> = {
    rangeType: settings.rangeType,
    preset: settings.preset,
    epicsState: settings.epicsState,
    progressTracking: settings.progressTracking,
    milestonesType: settings.milestonesType,
    showMilestones: String(settings.showMilestones),
    showLabels: String(settings.showLabels),
    showProgress: String(settings.showProgress),
  };
  for (const key of Object.keys(PARAM_OF) as (keyof RoadmapSettings)[]) next.set(PARAM_OF[key], values[key]);
  return next;
}

export function readStoredSettings(): Partial<RoadmapSettings> {
  try {
    return parseStoredSettings(window.localStorage.getItem(SETTINGS_STORAGE_KEY));
  } catch {
    return {};
  }
}

export function storeSettings(settings: RoadmapSettings): void {
  try {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch (error) {
    // RF §8: failed local-storage operations are only logged.
    console.warn('Could not save the roadmap settings', error);
  }
}
