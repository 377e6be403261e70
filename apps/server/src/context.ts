import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import { type ServiceConfig, serviceConfigOf } from './service-context';

/**
 * What every route and service can reach: the database, the validated configuration and the part
 * of it services read (`services`, derived once here).
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  services: ServiceConfig;
}

export function appContext(config: Config, database: DatabaseHandle): AppContext {
  return { config, database, services: serviceConfigOf(config) };
}
