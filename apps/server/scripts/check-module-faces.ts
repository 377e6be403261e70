/**
 * Each folder of apps/server/src/modules/ is a module whose face is its `index.ts`: code outside the
 * module imports `../issues`, never `../issues/issue-details` (modules/README.md). Biome's
 * `noRestrictedImports` matches import strings, and a relative string cannot tell "into another
 * module" from "inside this one" (`../issue-details` from `issues/sub/` is internal), so this resolves
 * each relative import and judges the file it lands in. `npm run lint` runs it after Biome.
 *
 *   tsx apps/server/scripts/check-module-faces.ts     # lists every deep import, exits 1 if any
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MODULES_DIR = 'apps/server/src/modules';
/** Folders whose files may import a module; paths are relative to the repository root. */
const CHECKED_DIRS = ['apps/server', 'bench', 'e2e'];
/** A test reaching into another module's internals says why on the line above the import. */
const DEEP_IMPORT_REASON = '// deep-import:';

export interface DeepImport {
  file: string;
  line: number;
  specifier: string;
  message: string;
}

/** `from '…'`, `import '…'` and `import('…')` with a relative specifier. */
const RELATIVE_SPECIFIER = /\b(?:from|import)\s*\(?\s*(['"])(\.\.?(?:\/[^'"]*)?)\1/g;

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** Code that registers or serves routes: the only code above every module layer. */
const isTransport = (file: string) =>
  isTest(file) || /\.(?:rest|plugin)\.ts$/.test(file) || /(?:^|\/)src\/(?:app|rest\/routes)\.ts$/.test(file);

/** The module a repository-relative path lies in (`issues` for `…/modules/issues/x.ts`), with the rest of its path. */
function placeInModules(path: string): { module: string; inside: string[] } | null {
  const rel = posix.relative(MODULES_DIR, path);
  if (rel === '' || rel.startsWith('..')) return null;
  const [module, ...inside] = rel.split('/');
  return { module: module as string, inside };
}

/** The line a specifier's statement starts on: multi-line imports begin a few lines up. */
function statementStart(lines: string[], lineIndex: number): number {
  let i = lineIndex;
  while (i > 0 && !/^\s*(?:import|export)\b/.test(lines[i] as string)) i--;
  return i;
}

/**
 * The deep imports of one file (`file` relative to the repository root, with `/`): imports that land
 * inside another module instead of on its face, and a module's own files importing their own face
 * (which would load the module through itself).
 */
export function deepImports(file: string, source: string): DeepImport[] {
  const from = placeInModules(file);
  const lines = source.split('\n');
  const found: DeepImport[] = [];
  lines.forEach((text, index) => {
    for (const match of text.matchAll(RELATIVE_SPECIFIER)) {
      const specifier = match[2] as string;
      const target = placeInModules(posix.normalize(posix.join(posix.dirname(file), specifier)));
      if (!target) continue;
      const face = posix.relative(posix.dirname(file), posix.join(MODULES_DIR, target.module)) || '.';
      const faceSpecifier = face.startsWith('.') ? face : `./${face}`;
      // Two faces: `index.ts` (what other code may use) and `routes.ts` (the routes and plugins the
      // app registers, kept apart so that a service importing a module never loads its transport).
      const onRoutes = target.inside.length === 1 && target.inside[0] === 'routes';
      const onFace = target.inside.length === 0 || onRoutes;
      const report = (message: string) => found.push({ file, line: index + 1, specifier, message });
      if (from?.module === target.module) {
        if (onFace && !isTest(file)) {
          report(`imports its own module's face; import the file inside modules/${target.module}/ directly`);
        }
        continue;
      }
      if (onRoutes && !isTransport(file)) {
        report(`imports modules/${target.module}/routes, which only the app and other transports (*.rest.ts) may`);
        continue;
      }
      if (onFace) continue;
      const above = lines[statementStart(lines, index) - 1]?.trim() ?? '';
      if (isTest(file) && above.startsWith(DEEP_IMPORT_REASON)) continue;
      report(
        `reaches into modules/${target.module}/; import '${faceSpecifier}' (its index.ts, where a missing name is added)` +
          (isTest(file) ? `, or say why the test needs the internals with '${DEEP_IMPORT_REASON} …' above` : ''),
      );
    }
  });
  return found;
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = posix.join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return /\.(?:ts|tsx|mts|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** Every deep import in the repository at `root`. */
export function checkRepository(root: string): DeepImport[] {
  return CHECKED_DIRS.flatMap((dir) => sourceFiles(root, dir)).flatMap((file) =>
    deepImports(file, readFileSync(join(root, file), 'utf8')),
  );
}

export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = checkRepository(REPOSITORY_ROOT);
  for (const p of problems) console.error(`${p.file.split('/').join(sep)}:${p.line}: '${p.specifier}' ${p.message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} deep import(s) across modules (apps/server/src/modules/README.md)`);
    process.exit(1);
  }
  console.log('module faces: no deep imports');
}
