/**
 * The filters issue and merge request lists share, as a plain object: the REST parameters and the
 * GraphQL arguments fill it, `issuable-filter-sql.ts` turns it into WHERE clauses. Every field is
 * optional; absent means "no filter". Wildcards follow GitLab: 'None' (no value set) and 'Any'
 * (some value set).
 */
export type Wildcard = 'None' | 'Any';

export interface IssuableFilters {
  /** Label titles that must ALL be present, or a wildcard. */
  labels?: string[] | Wildcard;
  /** Label titles of which AT LEAST ONE must be present (`or[labels]`). */
  orLabels?: string[];
  /** Label titles that must all be absent (`not[labels]`); `not[labels]=None` means some label, `Any` none. */
  notLabels?: string[] | Wildcard;
  /** Milestone by title, or a wildcard, or 'Started' (start date passed) / 'Upcoming' (next due). */
  milestone?: string;
  /** Not in the milestone with this title, nor matching 'Started'/'Upcoming' (`not[milestone]`). */
  notMilestone?: string;
  /** Release tag of the row's milestone (GitLab: rows belong to a release through their milestone), or a wildcard. */
  releaseTag?: string;
  /** The row's milestone is not in the release with this tag (`not[release_tag]`). */
  notReleaseTag?: string;
  authorId?: number;
  notAuthorId?: number;
  authorUsername?: string;
  /** Author is one of these (`or[author_username][]`). */
  orAuthorUsernames?: string[];
  /** Emoji the actor reacted with, or a wildcard. Ignored for anonymous actors. */
  myReactionEmoji?: string;
  /** The actor did not react with this emoji (`not[my_reaction_emoji]`). */
  notMyReactionEmoji?: string;
  iids?: number[];
  /** ILIKE search, in title and/or description. */
  search?: string;
  searchIn?: Array<'title' | 'description'>;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  sort?: 'asc' | 'desc';
}
