import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/connection';

/**
 * CPU seconds (user and system) spent so far by this process (all its threads) and by the PostgreSQL
 * backends serving a database on this machine (`/proc/<pid>/stat`): on a shared machine, what a run
 * costs is steadier than how long it takes.
 */
export interface CpuSeconds {
  process: number;
  database: number;
}

const TICKS_PER_SECOND = 100;

function backendSeconds(pid: number): number {
  try {
    // The command name is in parentheses and may hold spaces: the fields after it are counted from it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export interface CpuSample {
  process: number;
  /** Each backend's CPU seconds so far, by process id. */
  backends: Map<number, number>;
}

export async function sampleCpu(db: Database): Promise<CpuSample> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  const usage = process.cpuUsage();
  return {
    process: (usage.user + usage.system) / 1e6,
    backends: new Map(rows.map(({ pid }) => [pid, backendSeconds(pid)])),
  };
}

/**
 * What was spent between two samples. A backend seen only at the end was opened in between (all its
 * time counts); one seen only at the start was closed (the pool closes idle connections), its time in
 * between lost — it was idle.
 */
export function cpuBetween(before: CpuSample, after: CpuSample): CpuSeconds {
  let database = 0;
  for (const [pid, seconds] of after.backends) database += seconds - (before.backends.get(pid) ?? 0);
  return { process: after.process - before.process, database };
}
