import { launchChromium } from '../../../../apps/server/src/test/chromium';
import { createToken } from '../../meridian-cli';
import {
  openRoadmap,
  ROADMAP_ROOT_PASSWORD,
  type RoadmapRun,
  setRoadmapEpicsLimit,
  signInAsRoot,
} from '../../roadmap-scale-runs';
import { setRootPassword } from '../../root-password';
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
      await setRootPassword(env.databaseUrl, ROADMAP_ROOT_PASSWORD);
      const rootToken = createToken({ DATABASE_URL: env.databaseUrl }, 'root', 'bench-report');
      await setRoadmapEpicsLimit(server.url, rootToken, EPICS_LIMIT);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
        await signInAsRoot(page, ROADMAP_ROOT_PASSWORD);
        await openRoadmap(page); // warm-up: the bundle in the HTTP cache, the server's caches
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
