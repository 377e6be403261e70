import { openRoadmap, ROADMAP_ROOT_PASSWORD, type RoadmapRun, warmRoadmapPage } from '../../roadmap-scale-runs';
import { startServer } from '../../server-process';
import { percentile, round1, sampleBounded } from '../../stats';
import type { ReportSection } from '../section';

const EPICS_LIMIT = 4780;

/** The group roadmap in Chromium with 4,780 epics loaded, as bench/roadmap-scale.ts: medians of 5 openings. */
export const roadmapSection: ReportSection = {
  name: 'roadmap',
  usesDatabase: true,
  run: async (env) => {
    const server = await startServer(
      { DATABASE_URL: env.databaseUrl, MERIDIAN_ROOT_PASSWORD: ROADMAP_ROOT_PASSWORD },
      env.port,
    );
    try {
      const { browser, page } = await warmRoadmapPage(server.url, env.databaseUrl, EPICS_LIMIT, 'bench-report');
      try {
        const runs: RoadmapRun[] = [];
        await sampleBounded(
          async () => {
            const run = await openRoadmap(page);
            runs.push(run);
            console.error(
              `roadmap: first bar ${round1(run.firstBar)} ms, ${run.epics} epics in ${round1(run.allLoaded)} ms`,
            );
            return run.allLoaded;
          },
          { count: 5, maxMs: 120_000 },
        );
        const median = (pick: (r: RoadmapRun) => number) => round1(percentile(runs.map(pick), 50));
        return [
          {
            id: 'roadmap.first-bar',
            name: `roadmap in Chromium, first bar on screen, median (n=${runs.length})`,
            value: median((r) => r.firstBar),
            unit: 'ms',
            max: 600,
          },
          {
            id: 'roadmap.all-loaded',
            name: `roadmap in Chromium, all epics loaded, median (n=${runs.length})`,
            value: median((r) => r.allLoaded),
            unit: 'ms',
            max: 1500,
          },
          {
            id: 'roadmap.epics',
            name: 'roadmap in Chromium, epics received (fewest of the runs)',
            value: Math.min(...runs.map((r) => r.epics)),
            unit: 'epics',
            equals: EPICS_LIMIT,
          },
        ];
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  },
};
