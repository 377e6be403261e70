import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/**
 * Files that read, while they load, a value imported from a file in the same import cycle. In a cycle
 * the entry point decides which file evaluates first, so such a value may still be uninitialised
 * ("Cannot access … before initialization") for one entry and not another. Module faces
 * (`modules/<m>/index.ts`) close cycles, so this is checked rather than left to the entry point.
 * `sources` maps `/`-separated paths to their text; the result lists `file: name from file`.
 */
export function loadOrderHazards(sources: Map<string, string>): string[] {
  const parsed = new Map(
    [...sources].map(([file, text]) => [file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)]),
  );
  const resolveSpecifier = (from: string, specifier: string) => {
    if (!specifier.startsWith('.')) return undefined;
    const base = posix.join(posix.dirname(from), specifier);
    return [`${base}.ts`, `${base}/index.ts`, base].find((path) => parsed.has(path));
  };

  const edges = new Map<string, Set<string>>();
  const bindings = new Map<string, Map<string, { file: string; name: string }>>();
  for (const [file, source] of parsed) {
    const out = new Set<string>();
    const local = new Map<string, { file: string; name: string }>();
    for (const statement of source.statements) {
      const specifier = loadedSpecifier(statement);
      const target = specifier && resolveSpecifier(file, specifier);
      if (!target) continue;
      out.add(target);
      const named = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
      if (named && ts.isNamedImports(named)) {
        for (const el of named.elements) {
          if (!el.isTypeOnly) local.set(el.name.text, { file: target, name: (el.propertyName ?? el.name).text });
        }
      }
    }
    edges.set(file, out);
    bindings.set(file, local);
  }

  const cycleOf = stronglyConnected(edges);
  /**
   * Whether `name`, imported from `file` by a file of `cycle`, may be read before it is set. A file
   * outside the cycle has finished loading. A face inside it loads its files in order: the name is
   * safe when no earlier file leads back into the cycle and the file behind it is safe in turn.
   */
  const mayBeUnset = (file: string, name: string, cycle: Set<string>): boolean => {
    if (!cycle.has(file)) return false;
    const statements = parsed.get(file)?.statements ?? [];
    const at = statements.findIndex((st) => reexported(st, name) !== undefined);
    const from = statements[at];
    const next = from && resolveSpecifier(file, loadedSpecifier(from) ?? '');
    if (!from || !next) return true;
    const earlier = statements
      .slice(0, at)
      .some((st) => cycle.has(resolveSpecifier(file, loadedSpecifier(st) ?? '') ?? ''));
    return earlier || mayBeUnset(next, reexported(from, name)!, cycle);
  };

  const hazards: string[] = [];
  for (const [file, source] of parsed) {
    const cycle = cycleOf.get(file);
    const local = bindings.get(file);
    if (!cycle || cycle.size < 2 || !local?.size) continue;
    const visit = (node: ts.Node): void => {
      if (runsLater(node)) return;
      if (ts.isIdentifier(node) && local.has(node.text) && !isPropertyName(node)) {
        const binding = local.get(node.text)!;
        if (mayBeUnset(binding.file, binding.name, cycle)) hazards.push(`${file}: ${node.text} from ${binding.file}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...new Set(hazards)].sort();
}

/** The specifier of an import or re-export that loads a file at run time (not `import type`). */
function loadedSpecifier(statement: ts.Statement): string | undefined {
  const loads =
    (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
    (ts.isExportDeclaration(statement) && !statement.isTypeOnly);
  const specifier = loads ? (statement as ts.ImportDeclaration | ts.ExportDeclaration).moduleSpecifier : undefined;
  return specifier && ts.isStringLiteral(specifier) ? specifier.text : undefined;
}

/** The name `export { … } from` gives out as `name`, as the file it comes from calls it. */
function reexported(statement: ts.Statement, name: string): string | undefined {
  if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
    return undefined;
  }
  const el = statement.exportClause.elements.find((e) => e.name.text === name);
  return el && (el.propertyName ?? el.name).text;
}

/** Code that does not run while the file loads: function bodies, instance fields, types, imports. */
function runsLater(node: ts.Node): boolean {
  if (ts.isExpressionWithTypeArguments(node)) return !isClassExtends(node);
  if (ts.isFunctionLike(node) || ts.isTypeNode(node)) return true;
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return true;
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return true;
  return ts.isPropertyDeclaration(node) && !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
}

/** `class B extends A` evaluates `A` at load; `implements` and interface `extends` are types. */
const isClassExtends = (node: ts.ExpressionWithTypeArguments) =>
  ts.isHeritageClause(node.parent) &&
  node.parent.token === ts.SyntaxKind.ExtendsKeyword &&
  ts.isClassLike(node.parent.parent);

const isPropertyName = (node: ts.Identifier) =>
  (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) ||
  (ts.isPropertyAssignment(node.parent) && node.parent.name === node);

/** Each file's strongly connected component (its import cycle), by Tarjan's algorithm. */
function stronglyConnected(edges: Map<string, Set<string>>): Map<string, Set<string>> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const component = new Map<string, Set<string>>();
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const members = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.add(member);
    } while (member !== file);
    for (const m of members) component.set(m, members);
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return component;
}

/** The server's production sources under `dir` (tests excluded), keyed by `/`-separated path. */
export function serverSources(dir: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
        sources.set(child.split('\\').join('/'), readFileSync(child, 'utf8'));
    }
  };
  walk(dir);
  return sources;
}
