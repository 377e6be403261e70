import { afterAll, beforeAll } from 'vitest';
import { type OpenAiStandIn, startOpenAiStandIn } from './openai-stand-in';
import { type StartedServer, startTestServer } from './started-server';

/** The AI suites' servers, started in `beforeAll`. */
export interface AiServers {
  /** The local OpenAI-compatible stand-in: what it received, and what it answers next. */
  provider: OpenAiStandIn;
  /** The app with the stand-in as its provider, rate limits on. */
  s: StartedServer;
  /** The app without a provider. */
  bare: StartedServer;
}

/**
 * Starts the stand-in, the app that uses it (`env` adds to its AI_BASE_URL, AI_MODEL and
 * RATE_LIMITS) and the app without a provider before the file's own `beforeAll` (registered after
 * this call), and closes them after the file's tests.
 */
export function useAiServers(env: Record<string, string> = {}): AiServers {
  const servers = {} as AiServers;
  beforeAll(async () => {
    servers.provider = await startOpenAiStandIn();
    servers.s = await startTestServer({
      AI_BASE_URL: servers.provider.baseUrl,
      AI_MODEL: 'stand-in-model',
      RATE_LIMITS: 'on',
      ...env,
    });
    servers.bare = await startTestServer({});
  }, 240_000);
  afterAll(async () => {
    // One after the other: closing all at once under load ran past the hook's time.
    await servers.provider?.close();
    await servers.s?.close();
    await servers.bare?.close();
  }, 240_000);
  return servers;
}
