import { ensurePgTemplate } from './pg-template';
import { ensurePgliteTemplate } from './pglite-template';

/** Builds the migrated database template (PGlite, or PostgreSQL's) once before the server test files start. */
export default async function setup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await ensurePgTemplate(serverUrl);
  else await ensurePgliteTemplate();
}
