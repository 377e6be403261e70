import type { Metric } from './metric';

/** What every section of the report gets. */
export interface ReportEnv {
  /** The large data set on PostgreSQL. */
  databaseUrl: string;
  groupPath: string;
  /** The section's own server port (sections run one after another). */
  port: number;
}

export interface ReportSection {
  /** The name `--only` takes. */
  name: string;
  /** Needs the large data set on PostgreSQL. */
  usesDatabase: boolean;
  run: (env: ReportEnv) => Promise<Metric[]>;
}
