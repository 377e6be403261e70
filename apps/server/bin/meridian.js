#!/usr/bin/env node
// The `meridian` command. Runs the compiled server in `dist/` (built by `npm run build`) while it is
// fresher than every source it was built from; otherwise the TypeScript sources through tsx, so a
// checkout being edited never runs stale code.
import { existsSync, readFileSync, statSync } from 'node:fs';

const built = new URL('../dist/main.js', import.meta.url);
const inputsFile = new URL('../dist/inputs.json', import.meta.url);

function compiledIsFresh() {
  if (!existsSync(built) || !existsSync(inputsFile)) return false;
  const { builtAt, inputs } = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.every((path) => existsSync(path) && statSync(path).mtimeMs <= builtAt);
}

if (process.env.MERIDIAN_RUN_SOURCES !== '1' && compiledIsFresh()) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
