import { type RawBuilder, sql } from 'kysely';
import { AccessLevel, Visibility } from './access-levels';
import type { Actor } from './actor';

/**
 * SQL twins of the rules in abilities.ts, for lists, counts and search: a row the actor may not
 * read must never be returned or counted. Each function takes the column names to test (with
 * their table alias) and returns a boolean SQL fragment for `.where(...)`.
 * sql-scopes-containers.test.ts and sql-scopes-issuables.test.ts check that these agree with the pure rules.
 */

const TRUE = sql<boolean>`true`;

function groupIdsAtLeast(actor: Actor, level: number): number[] {
  return actor.groupMemberships.filter((m) => m.accessLevel >= level).map((m) => m.groupId);
}

function projectIdsAtLeast(actor: Actor, level: number): number[] {
  return actor.projectMemberships.filter((m) => m.accessLevel >= level).map((m) => m.projectId);
}

/** Every group on the path to one of the actor's memberships: private ancestors they may see. */
function ancestorGroupIdsOfMemberships(actor: Actor): number[] {
  const ids = new Set<number>();
  for (const m of actor.groupMemberships) for (const id of m.traversalIds) ids.add(id);
  for (const m of actor.projectMemberships) for (const id of m.namespaceTraversalIds) ids.add(id);
  return [...ids];
}

const intArray = (ids: number[]) => sql`${ids}::int[]`;

/** Admins read everything, anonymous users what is public, others what is internal or `memberCondition`. */
function visibleOrMember(
  actor: Actor | null,
  visibility: string,
  memberCondition: (actor: Actor) => RawBuilder<boolean>,
): RawBuilder<boolean> {
  if (actor?.admin) return TRUE;
  if (!actor) return sql<boolean>`(${sql.ref(visibility)} >= ${Visibility.PUBLIC})`;
  return sql<boolean>`(${sql.ref(visibility)} >= ${Visibility.INTERNAL} OR ${memberCondition(actor)})`;
}

/** Groups: `groupId`, `visibility` and `traversalIds` are column references such as 'n.id'. */
export function groupReadable(
  actor: Actor | null,
  cols: { groupId: string; visibility: string; traversalIds: string },
): RawBuilder<boolean> {
  return visibleOrMember(
    actor,
    cols.visibility,
    (member) => sql<boolean>`${sql.ref(cols.traversalIds)} && ${intArray(groupIdsAtLeast(member, AccessLevel.GUEST))}
    OR ${sql.ref(cols.groupId)} = ANY(${intArray(ancestorGroupIdsOfMemberships(member))})`,
  );
}

/** Projects: `namespaceTraversalIds` is the traversal_ids column of the project's namespace. */
export function projectReadable(
  actor: Actor | null,
  cols: { projectId: string; visibility: string; namespaceTraversalIds: string },
): RawBuilder<boolean> {
  return visibleOrMember(
    actor,
    cols.visibility,
    (member) => sql<boolean>`${sql.ref(cols.projectId)} = ANY(${intArray(projectIdsAtLeast(member, AccessLevel.GUEST))})
    OR ${sql.ref(cols.namespaceTraversalIds)} && ${intArray(groupIdsAtLeast(member, AccessLevel.GUEST))}`,
  );
}

/** Subquery: the ids of the groups strictly below `groupId` that the actor may read. */
export function readableDescendantGroupIds(actor: Actor | null, groupId: number): RawBuilder<number> {
  return sql<number>`(SELECT dg.id FROM namespaces dg WHERE dg.type = 'Group'
    AND dg.traversal_ids @> ARRAY[${groupId}]::int[] AND dg.id <> ${groupId}
    AND ${groupReadable(actor, { groupId: 'dg.id', visibility: 'dg.visibility_level', traversalIds: 'dg.traversal_ids' })})`;
}

/** Subquery: the ids of the projects the actor may read in group `groupId`, or anywhere below it with `descendants`. */
export function readableProjectIdsOfGroup(
  actor: Actor | null,
  groupId: number,
  { descendants }: { descendants: boolean },
): RawBuilder<number> {
  const namespace = descendants ? sql`pn.traversal_ids @> ARRAY[${groupId}]::int[]` : sql`pn.id = ${groupId}`;
  return sql<number>`(SELECT pp.id FROM projects pp JOIN namespaces pn ON pn.id = pp.namespace_id
    WHERE ${namespace}
    AND ${projectReadable(actor, { projectId: 'pp.id', visibility: 'pp.visibility_level', namespaceTraversalIds: 'pn.traversal_ids' })})`;
}

/**
 * Confidential issues: Planner and above on the project, the author, or an assignee.
 * Combine with projectReadable on the same row.
 */
export function issueConfidentialityAllows(
  actor: Actor | null,
  cols: { issueId: string; confidential: string; authorId: string; projectId: string; namespaceTraversalIds: string },
): RawBuilder<boolean> {
  if (actor?.admin) return TRUE;
  if (!actor) return sql<boolean>`(NOT ${sql.ref(cols.confidential)})`;
  return sql<boolean>`(NOT ${sql.ref(cols.confidential)}
    OR ${sql.ref(cols.authorId)} = ${actor.id}
    OR EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = ${sql.ref(cols.issueId)} AND ia.user_id = ${actor.id})
    OR ${sql.ref(cols.projectId)} = ANY(${intArray(projectIdsAtLeast(actor, AccessLevel.PLANNER))})
    OR ${sql.ref(cols.namespaceTraversalIds)} && ${intArray(groupIdsAtLeast(actor, AccessLevel.PLANNER))})`;
}

/**
 * Issues hidden by moderation (IE §8 "hidden because its author has been banned", and "Submit as
 * spam"): only instance admins see them (canIssue's `hidden`). Combine with the other issue rules.
 */
export function issueNotHidden(
  actor: Actor | null,
  cols: { authorId: string; hiddenAsSpam: string },
): RawBuilder<boolean> {
  if (actor?.admin) return TRUE;
  return sql<boolean>`(NOT ${sql.ref(cols.hiddenAsSpam)}
    AND NOT EXISTS (SELECT 1 FROM users hu WHERE hu.id = ${sql.ref(cols.authorId)} AND hu.state = 'banned'))`;
}

/** Epics whose author is banned: only instance admins see them (canEpic's `hidden`). */
export function epicNotHidden(actor: Actor | null, cols: { authorId: string }): RawBuilder<boolean> {
  if (actor?.admin) return TRUE;
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM users hu WHERE hu.id = ${sql.ref(cols.authorId)} AND hu.state = 'banned')`;
}

/** Merge requests whose author is banned: only instance admins see them (canMergeRequest's `hidden`). */
export function mergeRequestNotHidden(actor: Actor | null, cols: { authorId: string }): RawBuilder<boolean> {
  if (actor?.admin) return TRUE;
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM users hu WHERE hu.id = ${sql.ref(cols.authorId)} AND hu.state = 'banned')`;
}

/**
 * Comments whose author is banned: only instance admins see them (GitLab hides a banned user's
 * notes). System notes without an author stay. The twin of `canNote`'s `hidden`.
 */
export function noteNotHidden(actor: Actor | null, cols: { authorId: string }): RawBuilder<boolean> {
  if (actor?.admin) return TRUE;
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM users hu WHERE hu.id = ${sql.ref(cols.authorId)} AND hu.state = 'banned')`;
}

/** Confidential epics: Planner and above on the epic's group (canEpic). Combine with groupReadable. */
export function epicConfidentialityAllows(
  actor: Actor | null,
  cols: { confidential: string; groupTraversalIds: string },
): RawBuilder<boolean> {
  if (actor?.admin) return TRUE;
  if (!actor) return sql<boolean>`(NOT ${sql.ref(cols.confidential)})`;
  return sql<boolean>`(NOT ${sql.ref(cols.confidential)}
    OR ${sql.ref(cols.groupTraversalIds)} && ${intArray(groupIdsAtLeast(actor, AccessLevel.PLANNER))})`;
}

/**
 * Issues of a project with the issues feature off are hidden from everyone, admins included (as
 * canIssue). Combine with projectReadable on the same row.
 */
export function projectIssuesEnabled(cols: { issuesEnabled: string }): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(cols.issuesEnabled)}`;
}

/** Internal notes on a project's issues: Reporter and above on the project (canNote's rule). */
export function internalIssueNotesReadable(
  actor: Actor | null,
  cols: { projectId: string; namespaceTraversalIds: string },
): RawBuilder<boolean> {
  if (actor?.admin) return TRUE;
  if (!actor) return sql<boolean>`false`;
  return sql<boolean>`(${sql.ref(cols.projectId)} = ANY(${intArray(projectIdsAtLeast(actor, AccessLevel.REPORTER))})
    OR ${sql.ref(cols.namespaceTraversalIds)} && ${intArray(groupIdsAtLeast(actor, AccessLevel.REPORTER))})`;
}

/**
 * The actor may read the epic (canEpic read_epic): its group is readable, confidentiality
 * allows, and its author is not banned. `e` names an epics alias, `g` its group's namespaces alias.
 */
export function epicReadable(actor: Actor | null, aliases: { e: string; g: string }): RawBuilder<boolean> {
  const { e, g } = aliases;
  const group = groupReadable(actor, {
    groupId: `${g}.id`,
    visibility: `${g}.visibility_level`,
    traversalIds: `${g}.traversal_ids`,
  });
  const confidential = epicConfidentialityAllows(actor, {
    confidential: `${e}.confidential`,
    groupTraversalIds: `${g}.traversal_ids`,
  });
  const notHidden = epicNotHidden(actor, { authorId: `${e}.author_id` });
  return sql<boolean>`(${group} AND ${confidential} AND ${notHidden})`;
}

/**
 * The actor may read the issue (canIssue read_issue): project readable, issues feature on,
 * confidentiality allows, and moderation has not hidden it. `i`, `p` and `n` name the issues, projects and project namespace aliases.
 */
export function issueReadable(actor: Actor | null, aliases: { i: string; p: string; n: string }): RawBuilder<boolean> {
  const { i, p, n } = aliases;
  const project = projectReadable(actor, {
    projectId: `${p}.id`,
    visibility: `${p}.visibility_level`,
    namespaceTraversalIds: `${n}.traversal_ids`,
  });
  const enabled = projectIssuesEnabled({ issuesEnabled: `${p}.issues_enabled` });
  const confidential = issueConfidentialityAllows(actor, {
    issueId: `${i}.id`,
    confidential: `${i}.confidential`,
    authorId: `${i}.author_id`,
    projectId: `${i}.project_id`,
    namespaceTraversalIds: `${n}.traversal_ids`,
  });
  const notHidden = issueNotHidden(actor, { authorId: `${i}.author_id`, hiddenAsSpam: `${i}.hidden_as_spam` });
  return sql<boolean>`(${project} AND ${enabled} AND ${confidential} AND ${notHidden})`;
}

/**
 * The SQL twin of "may read this merge request" (canMergeRequest read_merge_request): its project is
 * readable and has merge requests enabled, and moderation has not hidden it (author banned).
 * `a` names the merge request, project and namespace aliases of the query it is used in.
 */
export function mergeRequestReadable(actor: Actor | null, a = { mr: 'mr', p: 'p', n: 'n' }): RawBuilder<boolean> {
  const project = projectReadable(actor, {
    projectId: `${a.p}.id`,
    visibility: `${a.p}.visibility_level`,
    namespaceTraversalIds: `${a.n}.traversal_ids`,
  });
  const notHidden = mergeRequestNotHidden(actor, { authorId: `${a.mr}.author_id` });
  return sql<boolean>`(${project} AND ${sql.ref(`${a.p}.merge_requests_enabled`)} AND ${notHidden})`;
}

/**
 * Every issue and epic a system note names (`system_note_references`) is readable by the actor, and
 * still there: GitLab hides a note such as 'moved to acme/secret#5' from who may not read the item
 * (Note#cross_reference_not_visible_for?). Notes naming nothing pass. `note` is the notes table's alias;
 * a comment passes on its `system` column (in the noteable index) without looking for references.
 */
export function systemNoteReferencesReadable(actor: Actor | null, note: string): RawBuilder<boolean> {
  return sql<boolean>`(NOT ${sql.ref(`${note}.system`)} OR NOT EXISTS (SELECT 1 FROM system_note_references snr
    WHERE snr.note_id = ${sql.ref(`${note}.id`)}
    AND NOT (
      EXISTS (SELECT 1 FROM issues sri JOIN projects srp ON srp.id = sri.project_id
        JOIN namespaces srn ON srn.id = srp.namespace_id
        WHERE sri.id = snr.issue_id AND ${issueReadable(actor, { i: 'sri', p: 'srp', n: 'srn' })})
      OR EXISTS (SELECT 1 FROM epics sre JOIN namespaces srg ON srg.id = sre.group_id
        WHERE sre.id = snr.epic_id AND ${epicReadable(actor, { e: 'sre', g: 'srg' })}))))`;
}

/**
 * Epic `epicId` exists and the actor may read it (group readable AND confidentiality allows). Used
 * by filters that take an epic id, so a hidden epic filters exactly like a missing one.
 */
export function epicIdReadable(actor: Actor | null, epicId: number): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM epics re JOIN namespaces rg ON rg.id = re.group_id
    WHERE re.id = ${epicId} AND ${epicReadable(actor, { e: 're', g: 'rg' })})`;
}
