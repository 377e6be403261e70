import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaFiles, WEB_SCHEMA_DIR } from './schema-files';

describe('the schema the web app type-checks against', () => {
  it.each(Object.entries(schemaFiles()))('%s is up to date (else: npm run gen:graphql-schema)', (name, text) => {
    expect(readFileSync(join(WEB_SCHEMA_DIR, name), 'utf8')).toBe(text);
  });
});
