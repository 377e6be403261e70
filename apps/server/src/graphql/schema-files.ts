import { join } from 'node:path';
import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';
// The CommonJS copy Pothos builds with: under Vitest, 'graphql' would be its ES module, another realm.
import { introspectionFromSchema, printSchema } from 'graphql/index.js';
import { schema } from './schema';

/** Where the web app reads the schema its typed documents are checked against (gql.tada). */
export const WEB_SCHEMA_DIR = join(import.meta.dirname, '../../../web/src/graphql');

/** The files of WEB_SCHEMA_DIR as the current Pothos schema prints them, by file name. */
export function schemaFiles(): Record<string, string> {
  return {
    'schema.graphql': printSchema(schema),
    'graphql-env.d.ts': outputIntrospectionFile(minifyIntrospection(introspectionFromSchema(schema)), {
      fileType: '.d.ts',
      shouldPreprocess: true,
    }),
  };
}
