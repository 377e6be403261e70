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
  /** Which Geo site this is: a secondary serves a standby of the primary's database, reads only. */
  site: SiteRole;
}

/**
 * A secondary knows its primary from the replicated Geo sites (null until one is marked primary):
 * the URL users are sent to, and the address this site reaches it at (its internal URL, else its URL).
 */
export type SiteRole =
  | { secondary: false }
  | { secondary: true; primaryUrl: string | null; primaryInternalUrl: string | null };

export function appContext(
  config: Config,
  database: DatabaseHandle,
  site: SiteRole = { secondary: false },
): AppContext {
  return { config, database, services: serviceConfigOf(config), site };
}
