/**
 * GitLab Duo availability (GitLab's `duo_availability` group setting), a cascading setting:
 * a group without its own value inherits its parent's, a top-level group without one is
 * `default_on`; an ancestor's `never_on` ("Always off") locks every group below it off (GitLab
 * stores it as `duo_features_enabled: false` with `lock_duo_features_enabled: true`), and an
 * ancestor's `always_on` ("Always on", GitLab 19.1, chosen on top-level groups) locks them on
 * (`duo_features_enabled: true`, locked); the instance switch (`duo_features_enabled` in the
 * application settings) turned off locks every group off, whatever the groups chose.
 */
export const DUO_AVAILABILITY_VALUES = ['default_on', 'default_off', 'never_on', 'always_on'] as const;
export type DuoAvailability = (typeof DUO_AVAILABILITY_VALUES)[number];

export function isDuoAvailability(value: unknown): value is DuoAvailability {
  return typeof value === 'string' && (DUO_AVAILABILITY_VALUES as readonly string[]).includes(value);
}

export interface DuoSettingsInput {
  /** The instance switch (`duo_features_enabled` in the application settings). */
  instanceEnabled: boolean;
  /** Each group's own stored value (null: inherit), from the top-level group down to the group itself. */
  chain: ReadonlyArray<DuoAvailability | null>;
}

export interface DuoSettings {
  /** The value in force for the group. */
  duo_availability: DuoAvailability;
  /** Whether AI features are on for the group (GitLab's `duo_features_enabled`). */
  duo_features_enabled: boolean;
  /** Whether the group may not change it (GitLab's `lock_duo_features_enabled`, as seen by the group). */
  lock_duo_features_enabled: boolean;
  /** What locks it: the instance, the index in `chain` of the ancestor that set `never_on` or `always_on`, or null. */
  locked_by: 'instance' | number | null;
}

function settings(availability: DuoAvailability, lockedBy: DuoSettings['locked_by']): DuoSettings {
  return {
    duo_availability: availability,
    duo_features_enabled: availability === 'default_on' || availability === 'always_on',
    lock_duo_features_enabled: lockedBy !== null,
    locked_by: lockedBy,
  };
}

/** The values that lock the groups below: Always off and Always on. */
export function isLocking(value: DuoAvailability | null | undefined): value is 'never_on' | 'always_on' {
  return value === 'never_on' || value === 'always_on';
}

export function resolveDuoSettings({ instanceEnabled, chain }: DuoSettingsInput): DuoSettings {
  if (!instanceEnabled) return settings('never_on', 'instance');
  // The topmost never_on or always_on above the group wins: below it nothing may be changed.
  const lockingAncestor = chain.slice(0, -1).findIndex(isLocking);
  const locking = chain[lockingAncestor];
  if (locking) return settings(locking, lockingAncestor);
  for (let i = chain.length - 1; i >= 0; i--) {
    const own = chain[i];
    if (own) return settings(own, null);
  }
  return settings('default_on', null);
}

/**
 * GitLab's `experiment_features_enabled`: set on the top-level group only, and off wherever Duo is
 * `never_on` (GitLab clears it when never_on is chosen).
 */
export function experimentFeaturesEnabled(topLevelValue: boolean, duo: DuoSettings): boolean {
  return topLevelValue && duo.duo_availability !== 'never_on';
}
