/** The groups module's face: all that code outside it may import (modules/README.md). */

export { namespaceAllowsAi } from './group-duo.service';
export { createGroup, mayCreateTopLevelGroups } from './groups.service';
export { listGroups } from './groups-list.service';
export { userMayUseAi } from './user-ai-access.service';
