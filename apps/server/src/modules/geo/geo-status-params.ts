import { z } from 'zod';

/** A timestamp in unix seconds, as GitLab's status fields carry them. */
const unixSeconds = z.number().int().min(0).max(253_402_300_799);
/** A WAL position as PostgreSQL prints it (`0/3000148`). */
const lsn = z
  .string()
  .max(32)
  .regex(/^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i, 'must be a WAL position like 0/3000148');

/**
 * A secondary site's status report (`POST /api/v4/geo/status`): what it measured on its standby.
 * GitLab's field names where GitLab has the field; unknown fields are ignored, as GitLab's
 * `GeoNodeStatus.from_json` slices them away.
 */
export const geoStatusReportSchema = z.object({
  db_replication_lag_seconds: z.number().int().min(0).max(2_147_483_647).nullable(),
  wal_receive_lsn: lsn.nullable(),
  wal_replay_lsn: lsn.nullable(),
  last_event_timestamp: unixSeconds.nullable(),
  wal_receiver_status: z.string().max(64).nullable(),
  status_message: z.string().max(1024),
  version: z.string().max(64),
  revision: z.string().max(64),
  reported_at: unixSeconds,
});
export type GeoStatusReport = z.infer<typeof geoStatusReportSchema>;
