import { ensurePgliteTemplate } from './pglite-template';

/** Builds the migrated PGlite template once before the server test files start. */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensurePgliteTemplate();
}
