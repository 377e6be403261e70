import type { Database } from '../../db/connection';
import type { Actor } from '../../policy/actor';
import { type PageArgs, paginateService, type ServicePage } from '../connection';
import type { GraphQLContext } from '../context';

/** Where a Project's or Group's issue or merge request list looks. */
export type ListScope = { projectId: number } | { groupId: number };

/**
 * The resolver of a Project's or Group's issue or merge request list: its GraphQL arguments read
 * into the service's filters, then one service call per page.
 */
export function scopedListResolver<Args, Filters, Row>(
  toFilters: (args: Args) => Filters,
  list: (
    db: Database,
    actor: Actor | null,
    scope: ListScope,
    filters: Filters,
    page: { offset: number; limit: number },
  ) => Promise<ServicePage<Row>>,
) {
  return (c: GraphQLContext, scope: ListScope, args: Args & PageArgs) => {
    const filters = toFilters(args);
    return paginateService(args, ({ offset, limit }) =>
      list(c.ctx.database.db, c.actor, scope, filters, { offset, limit }),
    );
  };
}
