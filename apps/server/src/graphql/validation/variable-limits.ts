import {
  type ArgumentNode,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { inputLimitError } from './input-limits.rule';
import { forEachArgumentLiteral, forEachRuntimeString, problemWith, type StringSlot } from './input-values';

/** One place a variable is used: the type and cap of what it fills, and the argument for the error. */
interface VariableUsage {
  variable: string;
  type: GraphQLInputType;
  slot: StringSlot;
  node: ArgumentNode;
}

/**
 * The variable usages of each parsed document. Mercurius hands the same document object to every
 * request that sends the same query text (its `cache`), so the walk runs once per document; a
 * document no longer cached is collected with it.
 */
const usagesByDocument = new WeakMap<DocumentNode, VariableUsage[]>();

function usagesOf(schema: GraphQLSchema, document: DocumentNode): VariableUsage[] {
  const known = usagesByDocument.get(document);
  if (known) return known;
  const usages: VariableUsage[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        forEachArgumentLiteral(node, typeInfo.getArgument(), {
          string: () => {},
          variable: (variable, type, slot) => usages.push({ variable, type, slot, node }),
        });
      },
    }),
  );
  usagesByDocument.set(document, usages);
  return usages;
}

/**
 * Mercurius' request-level validation failure: status 400 and the GraphQL errors, formatted as the
 * document rules' errors are (its default error handler reads `errors` and `statusCode`).
 */
export class VariableLimitsError extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: Error[]) {
    super('Graphql validation error');
  }
}

/**
 * The strings of the request's variables, checked against the caps of the arguments they reach
 * (`input-limits.rule.ts` checks literals): too long or holding a NUL byte → the same errors, before
 * any resolver runs. Every operation of the document counts, so a variable is checked against its
 * uses in operations other than the one run too (the hook is not told which runs).
 */
export function variableLimitErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
): Error[] {
  if (!variables) return [];
  const errors: Error[] = [];
  for (const usage of usagesOf(schema, document)) {
    if (!Object.hasOwn(variables, usage.variable)) continue;
    forEachRuntimeString(variables[usage.variable], usage.type, usage.slot, (value, slot) => {
      const problem = problemWith(value, slot.max);
      if (problem) errors.push(inputLimitError(slot.name, problem, usage.node));
    });
  }
  return errors;
}

/** Mercurius `preExecution` hook: refuses the request when a variable breaks a cap. */
export async function variableLimitsHook(
  schema: GraphQLSchema,
  document: DocumentNode,
  _context: unknown,
  variables: Record<string, unknown> | null | undefined,
): Promise<void> {
  const errors = variableLimitErrors(schema, document, variables);
  if (errors.length > 0) throw new VariableLimitsError(errors);
}
