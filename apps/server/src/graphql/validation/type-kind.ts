import type {
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLList,
  GraphQLNamedType,
  GraphQLObjectType,
} from 'graphql';

/**
 * graphql-js kind checks by `Symbol.toStringTag`, not `instanceof`: under Vitest the schema (built
 * through Pothos' CommonJS graphql) and this code (graphql's ES module) are two copies of the
 * library, and `isListType` & co. throw "from another module or realm" across them.
 */
function tag(type: unknown): string {
  return Object.prototype.toString.call(type);
}

export function unwrapNonNull(type: GraphQLInputType): GraphQLInputType {
  return tag(type) === '[object GraphQLNonNull]' ? (type as { ofType: GraphQLInputType }).ofType : type;
}

export function asList(type: GraphQLInputType): GraphQLList<GraphQLInputType> | null {
  return tag(type) === '[object GraphQLList]' ? (type as GraphQLList<GraphQLInputType>) : null;
}

export function asInputObject(type: unknown): GraphQLInputObjectType | null {
  return tag(type) === '[object GraphQLInputObjectType]' ? (type as GraphQLInputObjectType) : null;
}

export function asObject(type: GraphQLNamedType): GraphQLObjectType | null {
  return tag(type) === '[object GraphQLObjectType]' ? (type as GraphQLObjectType) : null;
}

export function isScalar(type: unknown): boolean {
  return tag(type) === '[object GraphQLScalarType]';
}

/** The named type under any list/non-null wrappers. */
export function namedTypeOf(type: GraphQLInputType): GraphQLNamedType {
  let t: unknown = type;
  while (t && typeof t === 'object' && 'ofType' in t) t = (t as { ofType: unknown }).ofType;
  return t as GraphQLNamedType;
}
