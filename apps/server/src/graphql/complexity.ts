import { type ASTNode, type GraphQLField, type GraphQLOutputType, visit } from 'graphql';

/** GitLab's default and maximum page size for connections. */
export const MAX_PAGE_SIZE = 100;

/**
 * Connections that page a list a per-request batch loader already fetched whole, for every
 * parent of the level in one statement (labels, assignees, ancestors, blockers): a page of them
 * adds no statement and no row of its own, so only what is selected inside it is multiplied.
 */
export const BATCH_LOADED_LISTS: ReadonlySet<string> = new Set([
  'Epic.labels',
  'Epic.ancestors',
  'Epic.ancestorPath',
  'Epic.participants',
  'Epic.currentUserTodos',
  'Epic.blockedByEpics',
  'Issue.labels',
  'Issue.blockedByIssues',
  'Issue.assignees',
  'EpicIssue.labels',
  'EpicIssue.blockedByIssues',
  'EpicIssue.assignees',
  'Discussion.notes',
  'WorkItemWidgetAssignees.assignees',
  'WorkItemWidgetLabels.labels',
  'WorkItemWidgetCurrentUserTodos.currentUserTodos',
  // Meridian keeps no CRM contacts: always an empty page.
  'WorkItemWidgetCrmContacts.contacts',
  // Static lists (the type hierarchy), paged in memory.
  'WorkItemWidgetDefinitionHierarchy.allowedChildTypes',
  'WorkItemWidgetDefinitionHierarchy.allowedParentTypes',
]);

/** The rows one page of a connection may hold: min(first, last, 100), as GitLab computes it. */
export function pageSizeOf(args: Record<string, unknown>): number {
  const sizes = [args.first, args.last]
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    .map((v) => Math.min(Math.max(Math.trunc(v), 0), MAX_PAGE_SIZE));
  return sizes.length ? Math.min(...sizes) : MAX_PAGE_SIZE;
}

/*
 * Types are inspected by shape, not with graphql's isLeafType/getNamedType: those use instanceof,
 * and the test runner may load graphql twice (ESM for our files, CJS for Pothos and Mercurius).
 */
function namedTypeOf(type: GraphQLOutputType): { name: string; getFields?: unknown } {
  let named: unknown = type;
  while (named && typeof named === 'object' && 'ofType' in named) named = named.ofType;
  return named as { name: string; getFields?: unknown };
}

function isLeaf(type: GraphQLOutputType): boolean {
  return typeof namedTypeOf(type).getFields !== 'function';
}

function isConnection<Context>(field: GraphQLField<unknown, Context, Record<string, unknown>>): boolean {
  return namedTypeOf(field.type).name.endsWith('Connection') && field.args.some((a) => a.name === 'first');
}

function parentTypeOf<Context>(field: GraphQLField<unknown, Context, Record<string, unknown>>): string | undefined {
  const config = field.extensions?.pothosConfig as { parentType?: unknown } | undefined;
  return typeof config?.parentType === 'string' ? config.parentType : undefined;
}

/**
 * The cost of one field, before the multipliers of the connections around it:
 * - a connection costs 1 (its statement) + its page size (its rows), and multiplies everything
 *   selected inside it by its page size; a batch-loaded list only multiplies;
 * - a look-up by argument (`group(fullPath)`, `epic(iid)`, a mutation) costs 1;
 * - scalars and to-one relations cost 0: they come with their row or from a batch loader.
 * So `epics(first: 100) { nodes { children(first: 100) { nodes { id } } } }` costs
 * 101 + 100 × 101 = 10,201.
 */
export function fieldComplexity<Context>(
  args: Record<string, unknown>,
  _ctx: Context,
  field: GraphQLField<unknown, Context, Record<string, unknown>>,
): { field: number; multiplier: number } {
  if (isConnection(field)) {
    const size = pageSizeOf(args);
    const batchLoaded = BATCH_LOADED_LISTS.has(`${parentTypeOf(field)}.${field.name}`);
    return { field: batchLoaded ? 0 : 1 + size, multiplier: size };
  }
  if (isLeaf(field.type)) return { field: 0, multiplier: 1 };
  return { field: field.args.length > 0 ? 1 : 0, multiplier: 1 };
}

/**
 * The document without its `__typename` selections, which cost nothing: the type name comes with
 * the row (GitLab's client adds one to every selection set; graphql-ruby counts it once, not per row).
 */
export function withoutTypenames<T extends ASTNode>(node: T): T {
  return visit(node, { Field: (field) => (field.name.value === '__typename' ? null : undefined) }) as T;
}
