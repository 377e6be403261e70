import { findReadableIssueById } from '../../modules/issues';
import { builder } from '../builder';
import { parseGid } from '../gid';
import { IssueRef } from './refs';
import './global-ids';

/** `Query.issue(id:)` (GitLab's issuableDetailsEE reads it): null when the issue is missing or hidden from you. */
builder.queryField('issue', (t) =>
  t.field({
    type: IssueRef,
    nullable: true,
    description: 'Find an issue by its global ID; null when it does not exist or is hidden from you.',
    args: { id: t.arg({ type: 'IssueID', required: true, description: 'Global ID of the issue.' }) },
    resolve: async (_root, args, c) => {
      const id = parseGid(args.id, ['Issue']);
      if (id === null) return null;
      return (await findReadableIssueById(c.ctx.database.db, c.actor, id)) ?? null;
    },
  }),
);
