import { isValidIsoDateTime } from '@meridian/domain';
import SchemaBuilder from '@pothos/core';
import { GraphQLError } from 'graphql';
import { fieldComplexity } from './complexity';
import './complexity-plugin';
import type { GraphQLContext } from './context';

/** GitLab's limits: depth 15; complexity 250 for anonymous visitors and 300 when signed in. */
export const MAX_DEPTH = 15;
export const MAX_COMPLEXITY_ANONYMOUS = 250;
export const MAX_COMPLEXITY_SIGNED_IN = 300;

/**
 * The code-first schema builder. Complexity counts page sizes: a connection multiplies what is
 * selected inside it by its page size (see `fieldComplexity` in complexity.ts).
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: {
    Time: { Input: string; Output: Date | string };
    Date: { Input: string; Output: string };
    /** Global ids of one type (GitLab's `EpicID`…), validated on input. */
    EpicID: { Input: string; Output: string };
    EpicTreeSortingID: { Input: string; Output: string };
    IssueID: { Input: string; Output: string };
    MilestoneID: { Input: string; Output: string };
    IterationID: { Input: string; Output: string };
    LabelID: { Input: string; Output: string };
    UserID: { Input: string; Output: string };
    WorkItemID: { Input: string; Output: string };
    WorkItemsTypeID: { Input: string; Output: string };
    IssuableID: { Input: string; Output: string };
    NoteID: { Input: string; Output: string };
    NoteableID: { Input: string; Output: string };
    TodoID: { Input: string; Output: string };
    TodoableID: { Input: string; Output: string };
    IncidentManagementTimelineEventID: { Input: string; Output: string };
    IncidentManagementEscalationPolicyID: { Input: string; Output: string };
    ImportSourceUserID: { Input: string; Output: string };
    NamespaceID: { Input: string; Output: string };
    DiscussionID: { Input: string; Output: string };
  };
}>({
  plugins: ['gitlabComplexity'],
  complexity: {
    fieldComplexity,
    limit: (ctx) => ({
      depth: MAX_DEPTH,
      complexity: ctx.actor ? MAX_COMPLEXITY_SIGNED_IN : MAX_COMPLEXITY_ANONYMOUS,
    }),
    complexityError: (kind, result) => {
      const message =
        kind === 'Depth'
          ? `Query has depth of ${result.depth}, which exceeds max depth of ${result.maxDepth}`
          : kind === 'Complexity'
            ? `Query has complexity of ${result.complexity}, which exceeds max complexity of ${result.maxComplexity}`
            : `Query has breadth of ${result.breadth}, which exceeds max breadth of ${result.maxBreadth}`;
      return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });
    },
  },
});

builder.scalarType('Time', {
  description: 'Time represented in ISO 8601, for example "2021-03-09T14:58:50+00:00".',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    if (typeof value !== 'string' || !isValidIsoDateTime(value)) {
      throw new GraphQLError('Time must be an ISO 8601 string', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value;
  },
});

builder.scalarType('Date', {
  description: 'Date represented in ISO 8601 (YYYY-MM-DD).',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string' || !isValidIsoDateTime(value)) {
      throw new GraphQLError('Date must be YYYY-MM-DD', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value.slice(0, 10);
  },
});

builder.queryType({ description: 'Root of every read.' });
builder.mutationType({ description: 'Root of every write (POST only).' });
