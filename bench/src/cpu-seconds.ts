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

export async function cpuSeconds(db: Database, pids?: number[]): Promise<CpuSeconds & { pids: number[] }> {
  const backends =
    pids ??
    (
      await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db)
    ).rows.map((row) => row.pid);
  const usage = process.cpuUsage();
  return {
    process: (usage.user + usage.system) / 1e6,
    database: backends.reduce((sum, pid) => sum + backendSeconds(pid), 0),
    pids: backends,
  };
}
