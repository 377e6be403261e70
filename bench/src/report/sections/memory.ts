import { seedDemoDataDir } from '../../demo-server';
import { idleRssMiB, NPM_START } from '../../idle-rss';
import type { ReportSection } from '../section';

/** Idle RSS as the README starts Meridian (`npm start`: embedded database, demo data), as bench/idle-memory.ts. */
export const memorySection: ReportSection = {
  name: 'memory',
  usesDatabase: false,
  run: async (env) => {
    const { dataDir, removeData } = await seedDemoDataDir(env.port);
    try {
      return [
        {
          id: 'memory.idle-rss',
          name: 'idle RSS, npm start on the embedded database with demo data (10 s after a request)',
          value: await idleRssMiB(dataDir, NPM_START, env.port),
          unit: 'MiB',
          max: 200,
        },
      ];
    } finally {
      removeData();
    }
  },
};
