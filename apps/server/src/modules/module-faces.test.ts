import { describe, expect, it } from 'vitest';
import { checkRepository, deepImports, REPOSITORY_ROOT } from '../../scripts/check-module-faces';

// Specifiers are passed in, never written after `from` here, so this file holds no import of its own to judge.
const importFrom = (specifier: string) => `import { a } from '${specifier}';`;
const specifiers = (file: string, source: string) => deepImports(file, source).map((d) => d.specifier);

const GRAPHQL_FILE = 'apps/server/src/graphql/types/issue.graphql.ts';
const EPICS_FILE = 'apps/server/src/modules/epics/epic-write.service.ts';
const EPICS_TEST = 'apps/server/src/modules/epics/epics.rest.test.ts';

describe('check-module-faces', () => {
  it('reports an import into another module and names the face to use instead', () => {
    const [deep, ...rest] = deepImports(GRAPHQL_FILE, `// header\n${importFrom('../../modules/issues/issue-details')}`);
    expect(rest).toEqual([]);
    expect(deep).toMatchObject({ file: GRAPHQL_FILE, line: 2, specifier: '../../modules/issues/issue-details' });
    expect(deep?.message).toContain("import '../../modules/issues'");
  });

  it('accepts the face, the same module by any path, and imports outside modules/', () => {
    expect(specifiers(GRAPHQL_FILE, importFrom('../../modules/issues'))).toEqual([]);
    expect(specifiers(EPICS_FILE, importFrom('./epic-query'))).toEqual([]);
    expect(
      specifiers('apps/server/src/modules/epics/issues/epic-issues.service.ts', importFrom('../epic-query')),
    ).toEqual([]);
    expect(specifiers(EPICS_FILE, importFrom('../../db/kysely'))).toEqual([]);
    expect(specifiers(EPICS_FILE, importFrom('../issues'))).toEqual([]);
  });

  it('judges where a relative path lands, not how it is spelled', () => {
    expect(specifiers(EPICS_FILE, importFrom('../issues/issue-write.service'))).toEqual([
      '../issues/issue-write.service',
    ]);
    expect(specifiers(EPICS_FILE, importFrom('./../issues/x'))).toEqual(['./../issues/x']);
    expect(specifiers('bench/api-bench.ts', importFrom('../apps/server/src/modules/labels/labels.service'))).toEqual([
      '../apps/server/src/modules/labels/labels.service',
    ]);
  });

  it('reads multi-line imports, type imports, re-exports and dynamic imports', () => {
    const deep = '../issues/issues-query';
    const source = [
      `import {\n  a,\n  b,\n} from '${deep}';`,
      `import type { C } from '${deep}';`,
      `export { d } from '${deep}';`,
      `const e = await import('${deep}');`,
    ].join('\n');
    expect(deepImports(EPICS_FILE, source).map((d) => d.line)).toEqual([4, 5, 6, 7]);
  });

  it('lets only the app and transports import a routes face', () => {
    expect(specifiers('apps/server/src/rest/routes.ts', importFrom('../modules/issues/routes'))).toEqual([]);
    expect(
      specifiers('apps/server/src/modules/award-emoji/award-emoji.rest.ts', importFrom('../notes/routes')),
    ).toEqual([]);
    expect(specifiers(EPICS_FILE, importFrom('../issues/routes'))).toEqual(['../issues/routes']);
    expect(specifiers(GRAPHQL_FILE, importFrom('../../modules/issues/routes'))).toEqual([
      '../../modules/issues/routes',
    ]);
  });

  it("reports a module's own files importing their own face", () => {
    expect(specifiers(EPICS_FILE, importFrom('.'))).toEqual(['.']);
    expect(specifiers('apps/server/src/modules/epics/issues/x.ts', importFrom('..'))).toEqual(['..']);
  });

  it('lets a test reach into internals only with a reason on the line above', () => {
    const deep = importFrom('../issues/issue-details');
    expect(specifiers(EPICS_TEST, deep)).toEqual(['../issues/issue-details']);
    expect(specifiers(EPICS_TEST, `// deep-import: explains the detail SQL\n${deep}`)).toEqual([]);
    expect(specifiers(EPICS_FILE, `// deep-import: not for production code\n${deep}`)).toEqual([
      '../issues/issue-details',
    ]);
  });

  it('finds no deep import in this repository', () => {
    expect(checkRepository(REPOSITORY_ROOT).map((d) => `${d.file}:${d.line} ${d.specifier}`)).toEqual([]);
  });
});
