import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { appContext } from '../../apps/server/src/context';
import type { DatabaseHandle } from '../../apps/server/src/db/connection';

/** The real app on a bench's database, in process and silent (`env` adds to the configuration). */
export function benchApp(handle: DatabaseHandle, env: Record<string, string> = {}) {
  return buildApp(appContext(loadConfig({ LOG_LEVEL: 'silent', ...env }), handle));
}
