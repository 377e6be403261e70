/** The roadmap's epics request (calls.md RF-1), shared by the roadmap benchmark and its helpers. */

/** The web app's RF-1 query, field for field. */
export const ROADMAP_EPICS_QUERY = `query groupEpics($fullPath: ID!, $state: EpicState, $sort: EpicSort, $iid: ID,
  $timeframe: Timeframe, $labelName: [String!], $authorUsername: String, $milestoneTitle: String,
  $myReactionEmoji: String, $confidential: Boolean, $search: String, $first: Int = 50,
  $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput, $endCursor: String, $includeDescendantGroups: Boolean = true) {
  group(fullPath: $fullPath) { id epics(state: $state, sort: $sort, iid: $iid, timeframe: $timeframe,
    labelName: $labelName, authorUsername: $authorUsername, milestoneTitle: $milestoneTitle,
    myReactionEmoji: $myReactionEmoji, confidential: $confidential, search: $search, first: $first,
    after: $endCursor, not: $not, or: $or, includeDescendantGroups: $includeDescendantGroups) {
    nodes { id iid title state startDate dueDate startDateIsFixed dueDateIsFixed startDateFixed dueDateFixed
      hasParent parent { id startDate dueDate } ancestors { nodes { id } } hasChildren blocked blockedByCount
      reference(full: true) webPath webUrl createdAt closedAt color textColor confidential
      labels { nodes { id title description color textColor } } group { id fullPath name fullName }
      descendantCounts { openedEpics closedEpics openedIssues closedIssues }
      descendantWeightSum { openedIssues closedIssues } userPermissions { adminEpic updateEpic }
      blockedByEpics { nodes { id iid } } }
    pageInfo { hasNextPage endCursor } } } }`;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** GitLab's THREE_YEARS range: the month 18 months back to the end of the month 17 months ahead (36 months). */
export function threeYearsAround(today: Date): { start: string; end: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  return { start: iso(new Date(Date.UTC(y, m - 18, 1))), end: iso(new Date(Date.UTC(y, m + 18, 0))) };
}
