import SchemaBuilder, { type SchemaTypes } from '@pothos/core';
import { complexityFromQuery, PothosComplexityPlugin } from '@pothos/plugin-complexity';
import { type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode, parse } from 'graphql';
import { withoutTypenames } from './complexity';

/**
 * Pothos' complexity plugin, scoring the document without its `__typename` selections: a row's
 * type name comes with the row, and GitLab's client (Apollo) adds one to every selection set, so
 * counting it per row (×100 in a connection) scores GitLab's own documents in the tens of
 * thousands. Everything else — limits, errors, the check before the root resolvers — is the plugin's.
 */
export class GitlabComplexityPlugin<Types extends SchemaTypes> extends PothosComplexityPlugin<Types> {
  override checkComplexity(ctx: object, info: GraphQLResolveInfo): void {
    super.checkComplexity(ctx, withoutTypenamesInfo(info));
  }
}

const strippedOperations = new WeakMap<OperationDefinitionNode, Pick<GraphQLResolveInfo, 'operation' | 'fragments'>>();

function withoutTypenamesInfo(info: GraphQLResolveInfo): GraphQLResolveInfo {
  let stripped = strippedOperations.get(info.operation);
  if (!stripped) {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const [name, fragment] of Object.entries(info.fragments)) fragments[name] = withoutTypenames(fragment);
    stripped = { operation: withoutTypenames(info.operation), fragments };
    strippedOperations.set(info.operation, stripped);
  }
  return { ...info, ...stripped };
}

/** A document's complexity as the server scores it (for tests and tools): `complexityFromQuery` without `__typename`. */
export function queryComplexity(
  document: Parameters<typeof complexityFromQuery>[0],
  options: Parameters<typeof complexityFromQuery>[1],
): ReturnType<typeof complexityFromQuery> {
  return complexityFromQuery(withoutTypenames(typeof document === 'string' ? parse(document) : document), options);
}

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      gitlabComplexity: GitlabComplexityPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin('gitlabComplexity', GitlabComplexityPlugin);
