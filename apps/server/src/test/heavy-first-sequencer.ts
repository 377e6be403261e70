import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Server suites that take minutes where the others take seconds. Vitest runs the slowest files
 * first only when a results cache from an earlier run says which they are; on a fresh clone (CI)
 * it goes by file size, and these small files full of generated cases start late and end alone
 * while the second worker idles. They start first.
 */
const HEAVY = [
  'apps/server/src/security/authz-matrix/authz-matrix.attack.test.ts',
  'apps/server/src/security/xss.attack.test.ts',
  'apps/server/src/security/crash-restart.attack.test.ts',
  'apps/server/src/security/boot-demo-password.test.ts',
];

const heaviness = (spec: TestSpecification): number => {
  const index = HEAVY.findIndex((path) => spec.moduleId.endsWith(path));
  return index === -1 ? HEAVY.length : index;
};

/** Vitest's order (groups, projects, cached durations), with the heavy files first in their project. */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const key = `${spec.project.config.sequence.groupOrder}:${spec.project.name}`;
      byProject.set(key, [...(byProject.get(key) ?? []), spec]);
    }
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return [...byProject.values()].flatMap((specs) => [...specs].sort((a, b) => heaviness(a) - heaviness(b)));
  }
}
