import { startOpenAiStandIn } from '../apps/server/src/test/openai-stand-in';

/**
 * The OpenAI-compatible stand-in as a process of its own, for the e2e server's `AI_BASE_URL`
 * (playwright.config.ts starts it before the server): no browser test reaches a real provider.
 */
const port = Number(process.env.AI_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('AI_STAND_IN_PORT must name a port');
const standIn = await startOpenAiStandIn(port);
console.log(`OpenAI stand-in at ${standIn.baseUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void standIn.close().then(() => process.exit(0)));
