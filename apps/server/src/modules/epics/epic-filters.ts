/**
 * The filters of a group's epic list, shared by REST (`GET /groups/:id/epics`) and GraphQL
 * (`group.epics`). Every field is optional; absent means "no filter". Values are already
 * validated by the transport (REST: epics.rest.ts; GraphQL: its own argument types).
 */
export type EpicOrderBy = 'created_at' | 'updated_at' | 'title' | 'start_date' | 'end_date' | 'relative_position';

export interface EpicFilters {
  /** Only epics written by this user id. */
  authorId?: number;
  /** Only epics written by this username. */
  authorUsername?: string;
  /** Exclude epics written by any of these usernames (`not[author_username]`). */
  notAuthorUsernames?: string[];
  /** Epics written by one of these usernames (`or[author_username]`). */
  orAuthorUsernames?: string[];
  /** Label titles that must ALL be present; or 'None' (no label) / 'Any' (at least one label). */
  labels?: string[] | 'None' | 'Any';
  /** Exclude epics carrying ANY of these label titles (`not[labels]`). */
  notLabels?: string[] | 'None' | 'Any';
  /** Epics carrying AT LEAST ONE of these label titles (`or[labels]`). */
  orLabels?: string[];
  /** Case-insensitive substring of the title or the description. */
  search?: string;
  /** Where `search` looks (`in=title,description`); default both. */
  searchIn?: Array<'title' | 'description'>;
  /** 'opened', 'closed' or 'all' (default 'all'). */
  state?: 'opened' | 'closed' | 'all';
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  /** Include epics of the group's ancestors (default false). */
  includeAncestorGroups?: boolean;
  /** Include epics of the group's subgroups (default true). */
  includeDescendantGroups?: boolean;
  /** The actor's award emoji name on the epic; 'None' (no reaction) or 'Any' (some reaction). Ignored when anonymous. */
  myReactionEmoji?: string;
  /** The actor did not react with this emoji (`not[my_reaction_emoji]`); 'None'/'Any' negate those. */
  notMyReactionEmoji?: string;
  confidential?: boolean;
  /**
   * Epics with at least one issue (of their own, not of descendants; only issues the actor may
   * read) in a milestone of this title, as GitLab's `milestoneTitle` ("computed from epic's issues").
   */
  milestoneTitle?: string;
  /** Parent epic id, or 'None' for top-level epics only. */
  parentId?: number | 'None';
  /** Only these iids (of any group in scope). */
  iids?: number[];
  /** Epics whose [start_date, due_date] overlaps [start, end] ('YYYY-MM-DD'); undated epics are excluded. */
  timeframe?: { start: string; end: string };
  /** Sort column (default created_at); 'end_date' sorts by due_date. Nulls always last. */
  orderBy?: EpicOrderBy;
  /** Sort direction (default desc). */
  sort?: 'asc' | 'desc';
}
