export const labelKeys = {
  all: ['labels'] as const,
  lists: () => ['labels', 'list'] as const,
  /** Every label visible in a group or project (ancestors included), for colours by name. */
  colors: (kind: 'group' | 'project', fullPath: string) => ['labels', 'colors', kind, fullPath] as const,
};
