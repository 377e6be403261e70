import { findReadableIssueById } from '../../modules/issues';
import { parseGid } from '../gid';
import { byGlobalIdQuery } from './by-global-id-query';
import { IssueRef } from './refs';

/** `Query.issue(id:)` (GitLab's issuableDetailsEE reads it): null when the issue is missing or hidden from you. */
byGlobalIdQuery('issue', {
  type: IssueRef,
  idType: 'IssueID',
  description: 'Find an issue by its global ID; null when it does not exist or is hidden from you.',
  idDescription: 'Global ID of the issue.',
  find: async (value, c) => {
    const id = parseGid(value, ['Issue']);
    return id === null ? null : findReadableIssueById(c.ctx.database.db, c.actor, id);
  },
});
