// Compiles the server once for production: `src/main.ts` and everything it imports from this
// package and `@meridian/domain` into ESM under `dist/` (one chunk per lazily imported module),
// npm dependencies left as imports. `bin/meridian.js` runs `dist/` while it is fresher than every
// source file it was built from (listed in `dist/inputs.json`), and the TypeScript through tsx otherwise.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@meridian/'),
);

rmSync(dist, { recursive: true, force: true });
// Threads of the server's own code (src/lib/server-worker.ts) are entries too: `dist/<name>.js`.
const workerEntries = JSON.parse(readFileSync(join(root, 'src/lib/worker-entries.json'), 'utf8'));
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    ...Object.fromEntries(Object.entries(workerEntries).map(([name, source]) => [name, `src/${source}`])),
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
// V8 keeps every module's source text in memory, and a source holding one non-ASCII character is
// stored as UTF-16, twice its size (the app chunk: 1.5 MB instead of 0.77). esbuild escapes non-ASCII
// in strings, regular expressions and templates but keeps some comments (JSDoc on class members) as
// written: their characters become \u escapes too, harmless in a comment.
for (const name of readdirSync(dist)) {
  if (!name.endsWith('.js')) continue;
  const file = join(dist, name);
  const code = readFileSync(file, 'utf8');
  if (/[^\0-\x7f]/.test(code)) {
    writeFileSync(
      file,
      code.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    );
  }
}
// Migrations are read from disk next to the migrate module: `dist/migrations` beside the chunks.
mkdirSync(join(dist, 'migrations'), { recursive: true });
cpSync(join(root, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(root, input));
writeFileSync(join(dist, 'inputs.json'), JSON.stringify({ builtAt: Date.now(), inputs }));
console.log(`server: built ${inputs.length} modules into ${dist}`);
