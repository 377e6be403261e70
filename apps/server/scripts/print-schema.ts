/**
 * Writes the GraphQL schema (SDL and gql.tada's introspection types) into apps/web/src/graphql.
 * Run after changing a GraphQL type: npm run gen:graphql-schema
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaFiles, WEB_SCHEMA_DIR } from '../src/graphql/schema-files';

for (const [name, text] of Object.entries(schemaFiles())) {
  writeFileSync(join(WEB_SCHEMA_DIR, name), text);
  console.log(`wrote ${join(WEB_SCHEMA_DIR, name)}`);
}
