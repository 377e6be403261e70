import ts from 'typescript';

/** A `.replace` / `.replaceAll` call whose replacement would read `$&`, `` $` ``, `$'` in its value. */
export interface ReplacementCall {
  line: number;
  text: string;
}

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;

/** A replacement whose `$` patterns the author wrote: a function, or a string literal without substitutions. */
function isSafeReplacement(node: ts.Expression): boolean {
  const inner = unwrap(node);
  return (
    ts.isArrowFunction(inner) ||
    ts.isFunctionExpression(inner) ||
    ts.isStringLiteral(inner) ||
    ts.isNoSubstitutionTemplateLiteral(inner)
  );
}

/**
 * The `.replace(…)` / `.replaceAll(…)` calls of a source file whose second argument is neither a
 * function nor a literal: an identifier, a template with substitutions or any other expression is
 * a string whose `$&` / `` $` `` / `$'` / `$1` the method would expand, so user text in it is rewritten.
 */
export function unsafeReplacementCalls(fileName: string, source: string): ReplacementCall[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: ReplacementCall[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['replace', 'replaceAll'].includes(node.expression.name.text) &&
      node.arguments.length >= 2 &&
      !isSafeReplacement(node.arguments[1] as ts.Expression)
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push({ line: line + 1, text: node.getText(file).slice(0, 120) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
