export const AccessLevel = {
  NO_ACCESS: 0,
  GUEST: 10,
  PLANNER: 15,
  REPORTER: 20,
  DEVELOPER: 30,
  MAINTAINER: 40,
  OWNER: 50,
} as const;

export type AccessLevelValue = (typeof AccessLevel)[keyof typeof AccessLevel];

export const accessLevelNames: Record<number, string> = {
  0: 'No access',
  10: 'Guest',
  15: 'Planner',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};

export const VALID_ACCESS_LEVELS = [10, 15, 20, 30, 40, 50] as const;

export const Visibility = { PRIVATE: 0, INTERNAL: 10, PUBLIC: 20 } as const;
export const visibilityNames: Record<number, 'private' | 'internal' | 'public'> = {
  0: 'private',
  10: 'internal',
  20: 'public',
};
export const visibilityLevels = { private: 0, internal: 10, public: 20 } as const;
