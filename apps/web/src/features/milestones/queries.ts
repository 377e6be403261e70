export const milestoneKeys = {
  all: ['milestones'] as const,
  lists: () => ['milestones', 'list'] as const,
};
