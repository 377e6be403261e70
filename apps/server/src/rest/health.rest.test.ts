import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { appContext } from '../context';
import { connect } from '../db/connection';

describe('GET /-/readiness when the database fails', () => {
  // A real driver error: nothing listens on port 1, and the message names the address.
  const database = connect({ url: 'postgres://meridian:secret@127.0.0.1:1/meridian', poolSize: 1 });
  afterAll(async () => (await database).close());

  it('answers 503 with a generic status, never the database error', async () => {
    const app = await buildApp(appContext(loadConfig({ LOG_LEVEL: 'silent' }), await database));
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${url}/-/readiness`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'failed',
        master_check: [{ status: 'failed', message: 'unexpected Db check result' }],
      });
    } finally {
      await app.close();
    }
  });
});
