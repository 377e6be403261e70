import { roadmapQueries } from './roadmap-queries';
import { seedRoadmapWorld } from './roadmap-world';
import { useTestApp } from './use-test-app';

/** A test app seeded with the roadmap world (see roadmap-world.ts), and the roadmap queries on it. */
export function useRoadmapTestApp() {
  const t = useTestApp(({ db }) => seedRoadmapWorld(db));
  const queries = roadmapQueries(
    () => t.app,
    () => t.world,
  );
  return { t, world: () => t.world, ...queries };
}
