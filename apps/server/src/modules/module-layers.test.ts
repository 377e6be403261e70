import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules form layers, and no module imports one above it: writers call the change recorder,
 * the recorder calls the effects, and an effect never calls back into a writer. Transports
 * (`*.rest.ts`) sit above every layer and may import any module; tests are not checked.
 * A new module needs a line here (the test fails until it has one).
 */
const LAYERS: Record<string, number> = {
  // 4: commands that drive the writers, and a comment with its commands
  'quick-actions': 4,
  comments: 4,
  // importers create issues (and later epics, notes) through the writers
  imports: 4,
  // 3: writers and the features built on them
  issues: 3,
  'merge-requests': 3,
  epics: 3,
  'work-items': 3,
  notes: 3,
  'award-emoji': 3,
  'issue-links': 3,
  'time-tracking': 3,
  milestones: 3,
  iterations: 3,
  templates: 3,
  moderation: 3,
  autocomplete: 3,
  visits: 3,
  ai: 3,
  geo: 3,
  deployments: 3,
  vulnerabilities: 3,
  incidents: 3,
  ldap: 3,
  'group-transfer': 3,
  analytics: 3,
  'csv-exports': 3,
  // 2: the change recorder (modules/changes/record-change.ts)
  changes: 2,
  // 1: effects of a change
  'system-notes': 1,
  todos: 1,
  mentions: 1,
  notifications: 1,
  subscriptions: 1,
  webhooks: 1,
  'incident-timeline': 1,
  'incident-escalations': 1,
  'status-checks': 1,
  // 0: what everything reads
  issuables: 0,
  labels: 0,
  users: 0,
  projects: 0,
  groups: 0,
  namespaces: 0,
  members: 0,
  billing: 0,
  'application-settings': 0,
  markdown: 0,
  'internal-ids': 0,
  filters: 0,
  'secret-detection': 0,
  uploads: 0,
};

const MODULES_DIR = __dirname;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.rest.ts') ? [path] : [];
  });
}

const moduleOf = (path: string) => relative(MODULES_DIR, path).split(sep)[0] as string;

/** Every import from one module's non-transport code into another module: `from -> to` with the file. */
function moduleImports(): { from: string; to: string; file: string }[] {
  const edges: { from: string; to: string; file: string }[] = [];
  for (const file of sourceFiles(MODULES_DIR)) {
    const from = moduleOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1] as string);
      if (relative(MODULES_DIR, target).startsWith('..')) continue;
      const to = moduleOf(target);
      if (to !== from) edges.push({ from, to, file: relative(MODULES_DIR, file) });
    }
  }
  return edges;
}

const moduleDirs = () => readdirSync(MODULES_DIR).filter((name) => statSync(join(MODULES_DIR, name)).isDirectory());

describe('module layers', () => {
  it('places every module in a layer', () => {
    expect(moduleDirs().filter((name) => LAYERS[name] === undefined)).toEqual([]);
  });

  it('finds the imports it judges (the recorder imports the effects)', () => {
    const edges = moduleImports();
    expect(edges.some((e) => e.from === 'changes' && e.to === 'system-notes')).toBe(true);
    expect(edges.some((e) => e.from === 'issues' && e.to === 'changes')).toBe(true);
  });

  it('has no module importing one above it', () => {
    const upward = moduleImports()
      .filter((e) => (LAYERS[e.to] ?? 0) > (LAYERS[e.from] ?? 0))
      .map((e) => `${e.file} (${e.from}, layer ${LAYERS[e.from]}) imports ${e.to} (layer ${LAYERS[e.to]})`);
    expect(upward).toEqual([]);
  });
});
