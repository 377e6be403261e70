import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ONLY_HEADERS, helmetHeaders } from '../rest/security-headers';
import { type StartedServer, startTestServer } from '../test/started-server';
import { hasWebBuild, useWebAppServer } from '../test/web-app-server';

function expectSecurityHeaders(res: Response): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('security headers over HTTP', () => {
  let s: StartedServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const graphql = (query: string) =>
    s.http('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });

  it.each([
    ['an API route', () => s.http('/api/v4/version'), 200],
    ['a GraphQL POST', () => graphql('{ currentUser { id } }'), 200],
    ['a 404', () => s.http('/api/v4/no/such/route'), 404],
    ['a 400', () => s.http('/api/v4/projects?per_page=abc'), 400],
    ['a GraphQL error', () => graphql('{ nope }'), 400],
    ['/-/health', () => s.http('/-/health'), 200],
    ['/-/readiness', () => s.http('/-/readiness'), 200],
  ])('are on %s', async (_label, request, status) => {
    const res = await request();
    expect(res.status).toBe(status);
    expectSecurityHeaders(res);
  });

  it('sends no HSTS over plain HTTP', async () => {
    const res = await s.http('/api/v4/version');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('HSTS when the instance is served over HTTPS', () => {
  let s: StartedServer;
  beforeAll(async () => {
    s = await startTestServer({ MERIDIAN_EXTERNAL_URL: 'https://meridian.example.com' });
  });
  afterAll(() => s.close());

  it('is sent when MERIDIAN_EXTERNAL_URL is https', async () => {
    const res = await s.http('/api/v4/version');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expectSecurityHeaders(res);
  });
});

describe('the policy with card payments (Stripe configured)', () => {
  let s: StartedServer;
  beforeAll(async () => {
    s = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_csp',
      STRIPE_WEBHOOK_SECRET: 'whsec_csp',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
    });
  });
  afterAll(() => s.close());

  it("adds only Stripe's origins: its script, its frames, its API", async () => {
    const res = await s.http('/api/v4/version');
    expectSecurityHeaders(res);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('is unchanged without Stripe', () => {
    expect(helmetHeaders()['content-security-policy']).not.toContain('stripe');
  });
});

describe.skipIf(!hasWebBuild)('security headers on the web app (needs apps/web/dist: npm run build)', () => {
  const server = useWebAppServer();
  let url: string;
  beforeAll(() => {
    url = server.url();
  });

  it.each(['/', '/users/sign_in', '/groups/acme/-/roadmap'])(
    'are on index.html at %s, which has no inline script or style',
    async (path) => {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      const html = await res.text();
      expect(html).toContain('<div id="root">');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|\sstyle=/);
    },
  );

  it('scripts and stylesheets keep nosniff and CORP, and drop the headers only documents obey', async () => {
    const html = await (await fetch(`${url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(stylesheet).toBeDefined();
    for (const asset of [script, stylesheet]) {
      const res = await fetch(`${url}${asset}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers.get(name), name).toBeNull();
      await res.arrayBuffer(); // an unread body keeps the connection busy and close() waiting
    }
  });

  it('a missing chunk is answered with every header', async () => {
    const res = await fetch(`${url}/assets/no-such-chunk.js`);
    expect(res.headers.get('content-type')).not.toMatch(/javascript/);
    expectSecurityHeaders(res);
    await res.arrayBuffer();
  });
});
