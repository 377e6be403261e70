import { isLoopbackHost } from './auth/demo-password-guard';
import { type Config, trustProxySetting } from './config';

/**
 * Says so at start-up when MERIDIAN_EXTERNAL_URL names a host other machines reach while
 * TRUST_PROXY is unset: behind a reverse proxy every client then has the proxy's address, so the
 * per-address limits (sign-in, live connections and subscriptions) are shared by all users.
 */
export function warnIfProxyUntrusted(
  config: Pick<Config, 'MERIDIAN_EXTERNAL_URL' | 'TRUST_PROXY'>,
  log: (line: string) => void,
): boolean {
  const external = config.MERIDIAN_EXTERNAL_URL;
  if (!external || trustProxySetting(config.TRUST_PROXY) !== false) return false;
  if (isLoopbackHost(new URL(external).hostname)) return false;
  log(
    `Warning: TRUST_PROXY is not set while MERIDIAN_EXTERNAL_URL (${external}) is not a loopback address. ` +
      "Behind a reverse proxy every client then has the proxy's address and shares one set of per-address " +
      'limits (sign-in, live connections). Set TRUST_PROXY to the proxy (e.g. TRUST_PROXY=127.0.0.1), ' +
      'or ignore this when clients connect directly.',
  );
  return true;
}
