import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { SCHEMA_TS, schemaSource } from './schema-source';

describe('the table types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('follow the migrations (else: npm run gen:db-types)', async () => {
    expect(readFileSync(SCHEMA_TS, 'utf8')).toBe(await schemaSource(t.db));
  });
});
