import type { Database } from '../../db/connection';
import { getApplicationSettings } from './application-settings.service';

/**
 * On the first start of a PostgreSQL database (a real deployment rather than the embedded try-out),
 * says so when anyone may register, since `internal` content is then readable by anyone who signs up.
 */
export async function warnIfSignupOpen(
  db: Database,
  { postgres, firstStart, log }: { postgres: boolean; firstStart: boolean; log: (line: string) => void },
): Promise<boolean> {
  if (!postgres || !firstStart) return false;
  if (!(await getApplicationSettings(db)).signup_enabled) return false;
  log(
    'Warning: sign-up is open: anyone who can reach this server can register and read internal groups and projects. ' +
      'Turn it off in Admin > Settings > General (/admin/application_settings/general) or with ' +
      'PUT /api/v4/application/settings?signup_enabled=false.',
  );
  return true;
}
