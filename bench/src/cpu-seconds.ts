import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/connection';

/**
 * CPU seconds (user and system) spent so far by this process (all its threads) and by PostgreSQL on
 * this machine (`/proc/<pid>/stat`): on a shared machine, what a run costs is steadier than how long it
 * takes. PostgreSQL's share counts every process of its server (backends of every database, its
 * writers) and the backends that have ended since it started, so the connections of another process
 * (the CLI of `--compiled`) count too; on a machine where only the bench uses PostgreSQL, that is the run's.
 */
export interface CpuSeconds {
  process: number;
  /** The child processes this one ran and waited for (the CLI of `--compiled`, run with execFileSync). */
  children: number;
  database: number;
}

const TICKS_PER_SECOND = 100;

/** The fields of `/proc/<pid>/stat` after the command name (which is in parentheses and may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const ticks = (fields: string[], ...at: number[]) => at.reduce((sum, i) => sum + Number(fields[i]), 0);

/** The server's CPU seconds: its live children's, and those of the children it has reaped (cutime, cstime). */
function postgresSeconds(postmaster: number): number {
  const own = statFields(postmaster);
  if (!own) return 0;
  let total = ticks(own, 11, 12, 13, 14);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === postmaster) total += ticks(fields, 11, 12);
  }
  return total / TICKS_PER_SECOND;
}

/** The seconds spent so far; `cpuBetween` of two samples is what a run spent. */
export async function sampleCpu(db: Database): Promise<CpuSeconds> {
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  const backend = statFields(rows[0]?.pid ?? 0);
  const usage = process.cpuUsage();
  const own = statFields(process.pid);
  return {
    process: (usage.user + usage.system) / 1e6,
    children: own ? ticks(own, 13, 14) / TICKS_PER_SECOND : 0,
    database: backend ? postgresSeconds(Number(backend[1])) : 0,
  };
}

export function cpuBetween(before: CpuSeconds, after: CpuSeconds): CpuSeconds {
  return {
    process: after.process - before.process,
    children: after.children - before.children,
    database: after.database - before.database,
  };
}
