import ts from 'typescript';

/** An object literal that opens with a spread and goes on with more properties. */
export interface LeadingSpreadLiteral {
  line: number;
  /** Properties written after the opening spread. */
  following: number;
  text: string;
}

/**
 * The object literals of a source file that open with a spread (`{ ...head(row), a, b, … }`) and
 * go on with more than `maxFollowing` properties. V8 builds such a literal by cloning the spread
 * object and then adding each property on a slow path: a literal of ~50 fields built this way
 * took ~160 µs instead of ~0.1 µs (docs/BENCHMARKS.md, "Presenting a list page"). A spread after
 * the first property is cheap.
 */
export function leadingSpreadLiterals(fileName: string, source: string, maxFollowing: number): LeadingSpreadLiteral[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: LeadingSpreadLiteral[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const [first, ...rest] = node.properties;
      if (first && ts.isSpreadAssignment(first) && rest.length > maxFollowing) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        found.push({ line: line + 1, following: rest.length, text: first.getText(file).slice(0, 80) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
