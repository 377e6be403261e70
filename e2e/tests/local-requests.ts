import { type Page, test } from '@playwright/test';
import { authFile } from './auth';
import { type SessionApi, sessionApi } from './session-api';

/**
 * For a spec whose server talks to something on this machine (an import source, a webhook receiver on
 * loopback): root allows local requests, as an admin does for webhooks, before the spec's tests and
 * forbids them again after. Call it at the top of the spec, beside its own hooks.
 */
export function allowLocalRequests(): void {
  let root: Page | undefined;
  let rootApi: SessionApi | undefined;
  const allow = (allowed: boolean) =>
    rootApi?.('PUT', '/application/settings', { allow_local_requests_from_web_hooks_and_services: allowed });
  test.beforeAll(async ({ browser }) => {
    root = await browser.newPage({ storageState: authFile('root') });
    rootApi = await sessionApi(root);
    await allow(true);
  });
  test.afterAll(async () => {
    await allow(false);
    await root?.close();
  });
}
