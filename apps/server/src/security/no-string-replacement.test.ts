import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unsafeReplacementCalls } from '../test/string-replacement-calls';

/**
 * `.replace(pattern, replacement)` expands `$&`, `` $` ``, `$'` and `$1` in a replacement string:
 * user text passed as the replacement is rewritten (issue 25). A replacement is a function
 * (`(s) => value`) or a literal the author wrote; this check parses the sources and lists every
 * other call, as file:line.
 */

const root = join(import.meta.dirname, '../../../..');
const SOURCE_DIRS = ['apps/server/src', 'packages/domain/src'];

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.split('/').includes('test');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !isTest(path));
}

describe('no replacement strings built from values', () => {
  it('the detector flags a computed replacement and accepts functions and literals', () => {
    const lines = (source: string) => unsafeReplacementCalls('case.ts', source).map((call) => call.line);
    expect(lines('x.replace(a, b);')).toEqual([1]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template with a substitution
    expect(lines('x.replaceAll(a, `${b}!`);\nx.replace(a, b + c);')).toEqual([1, 2]);
    expect(lines('x.replace(a, () => b);')).toEqual([]);
    expect(lines("x.replace(/a/g, '$1');")).toEqual([]);
    expect(lines('x.replaceAll(a, `plain`);\nx.replace(a, function (s) { return s; });')).toEqual([]);
    expect(lines('x.replace(a);')).toEqual([]);
  });

  it('no source file of the server or the domain passes a value as a replacement string', () => {
    const files = SOURCE_DIRS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((path) =>
      unsafeReplacementCalls(path, readFileSync(join(root, path), 'utf8')).map(
        (call) => `${path}:${call.line} ${call.text}`,
      ),
    );
    expect(offenders, offenders.join('\n')).toEqual([]);
  });
});
