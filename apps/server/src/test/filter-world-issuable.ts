import type { FilterWorld } from './filter-world-base';

/** The attributes a filter world's issues and merge requests share. */
export interface IssuableHead {
  title: string;
  description?: string;
  milestone?: number;
}

/** The shared columns of a filter world's issue or merge request row. */
export function issuableHeadValues(world: FilterWorld, iid: number, author: string, head: IssuableHead) {
  return {
    project_id: world.projectId,
    iid,
    title: head.title,
    description: head.description ?? '',
    author_id: world.uid[author] as number,
    milestone_id: head.milestone ?? null,
  };
}
