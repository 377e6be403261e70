import type { Database } from '../../db/connection';
import { badRequest, DomainError, notFound } from '../../errors';
import { parseInput } from '../../rest/params';
import { geoStatusReportSchema } from './geo-status-params';
import {
  GEO_SIGNATURE_HEADER,
  parseGeoSignature,
  SIGNATURE_MAX_AGE_SECONDS,
  signatureIsFresh,
  signatureMatches,
} from './geo-status-signature';

const unauthorized = (message: string) => new DomainError('unauthorized', `401 Unauthorized: ${message}`);

/** A report as it arrived: the signature header and the exact body text it signs. */
export interface SignedReport {
  signature: string | undefined;
  body: string;
}

/**
 * GitLab's `POST /api/v4/geo/status` on the primary: a secondary site's report, authenticated by its
 * signature (no user: 401 when the header is missing, malformed, wrong or older than five minutes;
 * 404 when it names no site), then checked field by field (400 naming the field), then stored as the
 * site's latest status (one row per site, replaced by each report).
 */
export async function receiveGeoStatusReport(db: Database, report: SignedReport, now = new Date()): Promise<void> {
  const signed = parseGeoSignature(report.signature);
  if (!signed) {
    throw unauthorized(`the ${GEO_SIGNATURE_HEADER} header is missing or malformed (site=<id>,t=<unix time>,v1=<hex>)`);
  }
  const site = await db
    .selectFrom('geo_nodes')
    .select(['id', 'primary', 'status_signing_secret'])
    .where('id', '=', signed.siteId)
    .executeTakeFirst();
  if (!site) throw notFound('GeoNode');
  if (!signatureMatches(site.status_signing_secret, signed, report.body)) {
    throw unauthorized('the signature does not match this site and report');
  }
  if (!signatureIsFresh(signed, now)) {
    throw unauthorized(`the signature is more than ${SIGNATURE_MAX_AGE_SECONDS / 60} minutes old (or ahead)`);
  }
  if (site.primary) throw badRequest('400 The primary site reads its own status: only a secondary reports it', 'site');
  let parsed: unknown;
  try {
    parsed = JSON.parse(report.body);
  } catch {
    throw badRequest('body is not JSON', 'body');
  }
  const input = parseInput(geoStatusReportSchema, parsed);
  const row = {
    db_replication_lag_seconds: input.db_replication_lag_seconds,
    wal_receive_lsn: input.wal_receive_lsn,
    wal_replay_lsn: input.wal_replay_lsn,
    last_event_date: input.last_event_timestamp === null ? null : new Date(input.last_event_timestamp * 1000),
    wal_receiver_status: input.wal_receiver_status,
    status_message: input.status_message,
    version: input.version,
    revision: input.revision,
    reported_at: new Date(input.reported_at * 1000),
    last_successful_status_check_at: now,
    updated_at: now,
  };
  await db
    .insertInto('geo_node_statuses')
    .values({ geo_node_id: site.id, ...row })
    .onConflict((oc) => oc.column('geo_node_id').doUpdateSet(row))
    .execute();
}
