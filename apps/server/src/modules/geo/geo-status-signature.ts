import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a secondary site signs its status report and the primary checks it: HMAC-SHA256 under the
 * site's `status_signing_secret` over `<unix seconds>.<the exact body>`, sent as
 * `X-Meridian-Geo-Signature: site=<id>,t=<unix seconds>,v1=<hex>`. A signature older (or newer) than
 * five minutes is refused, so a captured report cannot be replayed later.
 */
export const GEO_SIGNATURE_HEADER = 'x-meridian-geo-signature';
export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;
/** The header's longest sensible value (an id, a timestamp and 64 hex digits); longer is refused unread. */
export const SIGNATURE_HEADER_MAX_LENGTH = 256;

export interface GeoSignature {
  siteId: number;
  timestamp: number;
  signature: string;
}

export function signGeoStatus(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for a report of `siteId` signed at `timestamp` (unix seconds). */
export function geoSignatureHeader(siteId: number, secret: string, timestamp: number, body: string): string {
  return `site=${siteId},t=${timestamp},v1=${signGeoStatus(secret, timestamp, body)}`;
}

const HEADER_SHAPE = /^site=(\d{1,10}),t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/** The header's parts, or null when it is missing or not of that shape. */
export function parseGeoSignature(header: string | undefined): GeoSignature | null {
  if (!header || header.length > SIGNATURE_HEADER_MAX_LENGTH) return null;
  const match = HEADER_SHAPE.exec(header.trim());
  if (!match) return null;
  return { siteId: Number(match[1]), timestamp: Number(match[2]), signature: match[3] as string };
}

/** Whether `signature` is the site's signature of `body` at its timestamp (compared in constant time). */
export function signatureMatches(secret: string, signed: GeoSignature, body: string): boolean {
  const expected = Buffer.from(signGeoStatus(secret, signed.timestamp, body), 'hex');
  const given = Buffer.from(signed.signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether the signature's time is within five minutes of `now` (either way: clocks differ a little). */
export function signatureIsFresh(signed: GeoSignature, now: Date): boolean {
  return Math.abs(now.getTime() / 1000 - signed.timestamp) <= SIGNATURE_MAX_AGE_SECONDS;
}
