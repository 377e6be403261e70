import { type ASTNode, type ASTVisitor, GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { forEachArgumentLiteral, problemWith } from './input-values';

/**
 * Every string literal reaching a String/ID/scalar argument or input-object field is checked
 * BEFORE any resolver runs: at most `maxLengthOf(arg)` characters and no NUL byte (PostgreSQL
 * `text` refuses it). The error names the argument (`input.groupPath`). Literals are part of the
 * document, so Mercurius may cache a document this rule passed; the values of variables change per
 * request and are checked by `variable-limits.ts` in the pre-execution hook.
 */
export const inputLimitsRule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  Argument(node) {
    forEachArgumentLiteral(node, context.getArgument(), {
      string: (value, slot) => {
        const problem = problemWith(value, slot.max);
        if (problem) context.reportError(inputLimitError(slot.name, problem, node));
      },
      variable: () => {},
    });
  },
});

/** The error both checks give: `Argument "input.title" is too long (maximum is 255 characters)`. */
export function inputLimitError(name: string, problem: string, node: ASTNode): GraphQLError {
  return new GraphQLError(`Argument "${name}" ${problem}`, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } });
}
