/**
 * Regenerates src/db/schema.ts (Kysely table types) from the SQL migrations: migrates an in-memory
 * PGlite and reads information_schema. Run after adding a migration: npm run gen:db-types
 */
import { writeFileSync } from 'node:fs';
import { connect } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { SCHEMA_TS, schemaSource } from '../src/db/schema-source';

const handle = await connect({});
await migrate(handle.db);
writeFileSync(SCHEMA_TS, await schemaSource(handle.db));
await handle.close();
console.log(`wrote ${SCHEMA_TS.pathname}`);
