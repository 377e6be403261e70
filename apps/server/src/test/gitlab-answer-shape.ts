import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLBoolean,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  TypeInfo,
  type ValueNode,
  valueFromAST,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { gitlabNonNull } from './gitlab-non-null-fields';

type Json = Record<string, unknown>;

/**
 * The document with `__typename` in every selection set on an interface or union, so the shape
 * check knows which fragments applied to an object. GitLab's Apollo client adds it to every
 * selection set; not everywhere here, as our complexity limit counts each `__typename` inside a
 * connection as a field per row (see the README of gitlab-documents/).
 */
export function withTypenames(schema: GraphQLSchema, document: DocumentNode): DocumentNode {
  const typeInfo = new TypeInfo(schema);
  return visit(
    document,
    visitWithTypeInfo(typeInfo, {
      SelectionSet: {
        leave(node) {
          const parent = typeInfo.getParentType();
          if (!parent || !isAbstractType(parent)) return undefined;
          const has = node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename' && !s.alias);
          if (has) return undefined;
          const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } } as const;
          return { ...node, selections: [...node.selections, typename] };
        },
      },
    }),
  );
}

interface Directed {
  directives?: ReadonlyArray<{
    name: { value: string };
    arguments?: ReadonlyArray<{ name: { value: string }; value: ValueNode }>;
  }>;
}

function included(node: Directed, variables: Json): boolean {
  for (const directive of node.directives ?? []) {
    const arg = directive.arguments?.find((a) => a.name.value === 'if');
    if (!arg) continue;
    const value = valueFromAST(arg.value, GraphQLBoolean, variables);
    if (directive.name.value === 'include' && value !== true) return false;
    if (directive.name.value === 'skip' && value === true) return false;
  }
  return true;
}

/**
 * Every problem of an answer against the document's selections: a selected key missing, or null
 * where GitLab declares the field non-null (gitlab-non-null-fields.ts) or our schema does.
 */
export function answerShapeProblems(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  data: Json,
  variables: Json,
): string[] {
  const problems: string[] = [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const applies = (condition: GraphQLCompositeType, value: Json): boolean => {
    const runtime = typeof value.__typename === 'string' ? schema.getType(value.__typename) : undefined;
    if (!runtime || !isObjectType(runtime)) return true;
    return condition.name === runtime.name || (isAbstractType(condition) && schema.isSubType(condition, runtime));
  };

  const walkValue = (value: unknown, type: GraphQLCompositeType, set: SelectionSetNode, path: string): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walkValue(item, type, set, `${path}[${i}]`);
      return;
    }
    walkSet(set, type, value as Json, path);
  };

  const walkSet = (set: SelectionSetNode, parent: GraphQLCompositeType, value: Json, path: string): void => {
    const runtimeName = typeof value.__typename === 'string' ? value.__typename : parent.name;
    for (const selection of set.selections) {
      if (!included(selection, variables)) continue;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const key = selection.alias?.value ?? name;
        const at = path ? `${path}.${key}` : key;
        if (!(key in value)) {
          problems.push(`${at}: missing from the answer`);
          continue;
        }
        if (name === '__typename' || !('getFields' in parent)) continue;
        const field = parent.getFields()[name];
        if (!field) continue;
        const answer = value[key];
        if (answer === null) {
          if (isNonNullType(field.type) || gitlabNonNull(runtimeName, name) || gitlabNonNull(parent.name, name)) {
            problems.push(`${at}: null, where GitLab's ${runtimeName}.${name} is non-null`);
          }
          continue;
        }
        const named = getNamedType(field.type);
        if (selection.selectionSet && isCompositeType(named)) walkValue(answer, named, selection.selectionSet, at);
      } else {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
        if (!fragment) continue;
        const conditionName = fragment.typeCondition?.name.value;
        const condition = conditionName ? schema.getType(conditionName) : parent;
        if (!condition || !isCompositeType(condition) || !applies(condition, value)) continue;
        walkSet(fragment.selectionSet, condition, value, path);
      }
    }
  };

  const root = schema.getRootType(operation.operation);
  if (root) walkSet(operation.selectionSet, root, data, '');
  return problems;
}
