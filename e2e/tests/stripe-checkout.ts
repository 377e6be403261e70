import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { type StripeStandIn, startStripeStandIn } from '../../apps/server/src/test/stripe-stand-in';

/**
 * The card checkout's world (issue 29): a Meridian server of its own whose payment provider is
 * Stripe, pointed at the local Stripe stand-in started here in the spec's process (which delivers
 * Stripe's signed events back to that server's webhook). The shared e2e server stays on invoice
 * payments, which `purchase.spec.ts` drives; this one starts only for the spec that needs it, on a
 * fresh database with just `root`.
 */
export const STRIPE_SERVER_PORT = Number(process.env.E2E_PORT ?? 3300) + 2000;
export const ROOT_PASSWORD = 'e2e-root-password';

const serverBin = fileURLToPath(new URL('../../apps/server/bin/meridian.js', import.meta.url));
const stripeJs = fileURLToPath(new URL('../fixtures/stripe-js.js', import.meta.url));

export interface StripeCheckoutServer {
  baseURL: string;
  stripe: StripeStandIn;
  close(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Stripe-configured server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the Stripe-configured server was not ready at ${url} in ${timeoutMs / 1000} s`);
}

export async function startStripeCheckoutServer(): Promise<StripeCheckoutServer> {
  const stripe = await startStripeStandIn({ publishableKey: 'pk_test_e2e_stand_in' });
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-stripe-'));
  const baseURL = `http://127.0.0.1:${STRIPE_SERVER_PORT}`;
  // Its own embedded database, no Redis, no mail: nothing shared with the e2e server.
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_REPLICA_URLS', 'REDIS_URL', 'SMTP_URL']) delete inherited[name];
  const child = spawn(process.execPath, [serverBin, 'start'], {
    env: {
      ...inherited,
      PORT: String(STRIPE_SERVER_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MERIDIAN_SEED: 'none',
      MERIDIAN_ROOT_PASSWORD: ROOT_PASSWORD,
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_API_BASE: stripe.apiBase,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${baseURL}/-/readiness`, child, 150_000);
  } catch (error) {
    await close();
    throw error;
  }
  stripe.deliverTo(`${baseURL}/-/subscriptions/stripe_webhook`);
  return { baseURL, stripe, close };
}

/**
 * What the page may reach: the server under test only. Stripe.js (https://js.stripe.com/…, the URL
 * Stripe's loader injects) is answered with the stand-in `e2e/fixtures/stripe-js.js`, and Stripe's
 * API (https://api.stripe.com/…) is forwarded to the local stand-in; any other outside request is
 * aborted, so no test reaches the internet.
 */
export async function routeStripe(page: Page, stripe: StripeStandIn): Promise<void> {
  // Routes registered later are tried first: the catch-all goes in first.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ path: stripeJs, contentType: 'application/javascript; charset=utf-8' }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${stripe.apiBase}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}
