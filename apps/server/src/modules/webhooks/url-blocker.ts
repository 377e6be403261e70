import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A webhook URL refused by the SSRF guard; the message is GitLab's (Gitlab::HTTP_V2::UrlBlocker). */
export class BlockedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedUrlError';
  }
}

/** Where a request may go: the URL and the one address checked for it, to connect to and nothing else. */
export interface PinnedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Ranges never worth a request (no host answers there), refused whatever the setting says. */
const ALWAYS_BLOCKED: Record<string, string> = {
  unspecified: 'Requests to localhost are not allowed',
  broadcast: 'Requests to the limited broadcast address are not allowed',
  multicast: 'Requests to multicast addresses are not allowed',
};

/** Ranges refused unless `allow_local_requests_from_web_hooks_and_services` is on, with GitLab's messages. */
const LOCAL_RANGES: Record<string, string> = {
  loopback: 'Requests to loopback addresses are not allowed',
  private: 'Requests to the local network are not allowed',
  uniqueLocal: 'Requests to the local network are not allowed',
  linkLocal: 'Requests to the link local network are not allowed',
  carrierGradeNat: 'Requests to the shared address space are not allowed',
  reserved: 'Requests to the local network are not allowed',
};

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. */
function normalized(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
}

/** Throws BlockedUrlError when a request to `address` is not allowed. */
export function assertAddressAllowed(address: string, allowLocal: boolean): void {
  const range = normalized(address).range();
  const always = ALWAYS_BLOCKED[range];
  if (always) throw new BlockedUrlError(always);
  const local = LOCAL_RANGES[range];
  if (local && !allowLocal) throw new BlockedUrlError(local);
}

function parseHookUrl(raw: string): URL {
  if (/[\r\n]/.test(raw)) throw new BlockedUrlError('URI is invalid');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError('URI is invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedUrlError('Only allowed schemes are http, https');
  }
  if (!url.hostname) throw new BlockedUrlError('Hostname or IP address invalid');
  return url;
}

/**
 * Checks a webhook URL as GitLab's UrlBlocker does, after DNS resolution: every address the host
 * resolves to must be allowed, and the first is returned for the request to connect to (pinned), so
 * a DNS answer that changes between the check and the connection cannot reach a refused address.
 */
export async function resolveHookTarget(
  raw: string,
  allowLocal: boolean,
  resolve: Resolver = systemResolver,
): Promise<PinnedTarget> {
  const url = parseHookUrl(raw);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new BlockedUrlError('Host cannot be resolved or invalid');
    }
    if (addresses.length === 0) throw new BlockedUrlError('Host cannot be resolved or invalid');
  }
  for (const { address } of addresses) assertAddressAllowed(address, allowLocal);
  const first = addresses[0] as { address: string; family: number };
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
