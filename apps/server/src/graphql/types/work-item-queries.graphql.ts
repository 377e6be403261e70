import { findReadableWorkItemByGid } from '../../modules/work-items';
import { parseTypedGid } from '../gid';
import { byGlobalIdQuery } from './by-global-id-query';
import { WorkItemRef } from './refs';

/** `Query.workItem(id:)` (IE-41): a WorkItem id (or a legacy Issue / Epic id); null when missing or hidden. */
byGlobalIdQuery('workItem', {
  type: WorkItemRef,
  idType: 'WorkItemID',
  description: 'Find a work item by its global ID; null when it does not exist or is hidden from you.',
  idDescription: 'Global ID of the work item.',
  find: async (id, c) => {
    const ref = parseTypedGid(id, ['WorkItem', 'Issue', 'Epic']);
    return ref ? findReadableWorkItemByGid(c.ctx.database.db, c.actor, ref) : null;
  },
});
