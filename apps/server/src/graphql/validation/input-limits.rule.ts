import {
  type ArgumentNode,
  type ASTVisitor,
  GraphQLError,
  type GraphQLInputType,
  Kind,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { maxLengthOf } from './input-limits';
import { asInputObject, asList, unwrapNonNull } from './type-kind';

type Variables = Record<string, unknown> | null | undefined;

function problemWith(value: string, max: number): string | null {
  if (value.length > max) return `is too long (maximum is ${max} characters)`;
  if (value.includes('\u0000')) return 'must not contain NUL bytes';
  return null;
}

/**
 * Every string reaching a String/ID/scalar argument or input-object field, as an inline literal or
 * through a variable, is checked BEFORE any resolver runs: at most `maxLengthOf(arg)` characters
 * and no NUL byte (PostgreSQL `text` refuses it). The error names the argument
 * (`input.groupPath`). Needs the request's variables, so Mercurius gets it from a function.
 */
export function inputLimitsRule(variables: Variables): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const report = (name: string, problem: string, node: ArgumentNode) =>
      context.reportError(
        new GraphQLError(`Argument "${name}" ${problem}`, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }),
      );

    /** A runtime (variable) value against its input type. */
    const checkRuntime = (value: unknown, type: GraphQLInputType, max: number, name: string, node: ArgumentNode) => {
      if (value === null || value === undefined) return;
      const t = unwrapNonNull(type);
      const list = asList(t);
      const inputObject = asInputObject(t);
      if (list) {
        for (const item of Array.isArray(value) ? value : [value]) checkRuntime(item, list.ofType, max, name, node);
      } else if (inputObject) {
        if (typeof value !== 'object' || Array.isArray(value)) return;
        const fields = inputObject.getFields();
        for (const [key, fieldValue] of Object.entries(value)) {
          const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
          if (field) checkRuntime(fieldValue, field.type, maxLengthOf(field), `${name}.${key}`, node);
        }
      } else if (typeof value === 'string') {
        const problem = problemWith(value, max);
        if (problem) report(name, problem, node);
      }
    };

    /** An inline literal (which may hold variables) against its input type. */
    const checkLiteral = (value: ValueNode, type: GraphQLInputType, max: number, name: string, node: ArgumentNode) => {
      if (value.kind === Kind.VARIABLE) {
        checkRuntime(variables?.[value.name.value], type, max, name, node);
        return;
      }
      const t = unwrapNonNull(type);
      const list = asList(t);
      const inputObject = asInputObject(t);
      if (list) {
        const items = value.kind === Kind.LIST ? value.values : [value];
        for (const item of items) checkLiteral(item, list.ofType, max, name, node);
      } else if (inputObject) {
        if (value.kind !== Kind.OBJECT) return;
        const fields = inputObject.getFields();
        for (const f of value.fields) {
          const field = Object.hasOwn(fields, f.name.value) ? fields[f.name.value] : undefined;
          if (field) checkLiteral(f.value, field.type, maxLengthOf(field), `${name}.${f.name.value}`, node);
        }
      } else if (value.kind === Kind.STRING) {
        const problem = problemWith(value.value, max);
        if (problem) report(name, problem, node);
      }
    };

    return {
      Argument(node) {
        const arg = context.getArgument();
        if (arg) checkLiteral(node.value, arg.type, maxLengthOf(arg), arg.name, node);
      },
    };
  };
}
