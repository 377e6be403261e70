import { findReadableWorkItemByGid } from '../../modules/work-items';
import { builder } from '../builder';
import { parseTypedGid } from '../gid';
import './global-ids';
import { WorkItemRef } from './refs';

/** `Query.workItem(id:)` (IE-41): a WorkItem id (or a legacy Issue / Epic id); null when missing or hidden. */
builder.queryField('workItem', (t) =>
  t.field({
    type: WorkItemRef,
    nullable: true,
    description: 'Find a work item by its global ID; null when it does not exist or is hidden from you.',
    args: { id: t.arg({ type: 'WorkItemID', required: true, description: 'Global ID of the work item.' }) },
    resolve: async (_root, args, c) => {
      const ref = parseTypedGid(args.id, ['WorkItem', 'Issue', 'Epic']);
      if (!ref) return null;
      return (await findReadableWorkItemByGid(c.ctx.database.db, c.actor, ref)) ?? null;
    },
  }),
);
