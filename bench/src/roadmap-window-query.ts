/** The roadmap's `roadmapEpics` window (1,000 epics), field for field as the web app asks it (roadmapApi.ts). */
export const ROADMAP_WINDOW_QUERY = `query roadmapGroupEpicWindow($fullPath: ID!, $state: EpicState, $sort: EpicSort,
  $timeframe: Timeframe, $includeDescendantGroups: Boolean, $offset: Int!, $limit: Int!) {
  group(fullPath: $fullPath) { id
    roadmapEpics(state: $state, sort: $sort, timeframe: $timeframe, offset: $offset, limit: $limit,
      includeDescendantGroups: $includeDescendantGroups) { ...RoadmapEpicFields ...RoadmapEpicBlockedBy } } }
fragment RoadmapEpicFields on Epic {
  id iid title state startDate dueDate hasParent parent { id } hasChildren blocked blockedByCount
  webPath confidential color textColor
  labels { nodes { id title description color textColor } }
  group { id fullPath name }
  descendantCounts { openedEpics closedEpics openedIssues closedIssues }
  descendantWeightSum { openedIssues closedIssues }
  userPermissions { adminEpic }
}
fragment RoadmapEpicBlockedBy on Epic { blockedByEpics { nodes { id } } }`;
