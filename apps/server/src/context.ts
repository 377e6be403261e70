import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';

/** What every route and service can reach: the database and the validated configuration. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
}
