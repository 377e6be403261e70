import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
/** Files whose strings are not client input, with the reason. */
const NOT_CLIENT_INPUT: Record<string, string> = {
  'config.ts': 'environment variables set by the operator',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The method names chained after `node` (`z.string().trim().max(255)` → ['trim', 'max']). */
function chainAfter(node: ts.Node): string[] {
  const names: string[] = [];
  let current = node;
  while (ts.isPropertyAccessExpression(current.parent) && ts.isCallExpression(current.parent.parent)) {
    names.push(current.parent.name.text);
    current = current.parent.parent;
  }
  return names;
}

/** Lines (1-based) of `text` holding a `z.string()` whose chain sets no `.max()` / `.length()`. */
function uncappedLines(text: string): number[] {
  const found: number[] = [];
  const source = ts.createSourceFile('scan.ts', text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'string' &&
      node.expression.expression.getText(source) === 'z'
    ) {
      const chain = chainAfter(node);
      if (!chain.includes('max') && !chain.includes('length')) {
        found.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every uncapped `z.string()` of the server, as 'file:line'. */
function uncappedZodStrings(): string[] {
  return sourceFiles(SRC)
    .map((file) => relative(SRC, file))
    .filter((name) => !NOT_CLIENT_INPUT[name])
    .flatMap((name) => uncappedLines(readFileSync(join(SRC, name), 'utf8')).map((line) => `${name}:${line}`));
}

describe('REST string caps', () => {
  it('spots an uncapped z.string(), however it is chained', () => {
    const sample = [
      'const a = z.string().max(255);',
      'const b = z.string().trim().min(1);',
      'const c = z.object({ d: z.string().regex(/x/).optional() });',
      'const e = z.array(z.string().length(7));',
    ].join('\n');
    expect(uncappedLines(sample)).toEqual([2, 3]);
  });

  it('gives every z.string() of the server a .max() (or .length())', () => {
    expect(uncappedZodStrings()).toEqual([]);
  });
});
