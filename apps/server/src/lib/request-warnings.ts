import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Warnings a service raises about a write it still performs (the secret-detection policy's `warn`),
 * for the transport to hand back. Services call `warnRequest` without knowing the transport;
 * `request-warnings.plugin.ts` opens one list per HTTP request and sends it as a response header.
 */
const current = new AsyncLocalStorage<string[]>();

/** Runs `next` with a fresh warning list that `warnRequest` calls inside it append to. */
export function collectWarnings(warnings: string[], next: () => void): void {
  current.run(warnings, next);
}

/** Adds a warning to the current request's answer; outside a request (seed, CLI) it is dropped. */
export function warnRequest(message: string): void {
  const warnings = current.getStore();
  if (warnings && !warnings.includes(message)) warnings.push(message);
}
