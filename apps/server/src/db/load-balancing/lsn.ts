/**
 * A PostgreSQL WAL position (`pg_lsn`), as node-postgres returns it: two hex numbers, 'X/Y', the
 * high and low 32 bits of a 64-bit byte offset into the write-ahead log.
 */
const LSN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** The byte offset an LSN names; throws on anything else (LSNs come from PostgreSQL, never a user). */
export function lsnOffset(lsn: string): bigint {
  const match = LSN.exec(lsn);
  if (!match) throw new Error(`Not a WAL position: ${JSON.stringify(lsn)}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** Whether a replica that has replayed up to `replayed` holds everything written up to `written`. */
export function hasReplayed(replayed: string, written: string): boolean {
  return lsnOffset(replayed) >= lsnOffset(written);
}

/** How many bytes of WAL `replayed` is behind `current` (0 when it is not behind). */
export function bytesBehind(current: string, replayed: string): bigint {
  const gap = lsnOffset(current) - lsnOffset(replayed);
  return gap > 0n ? gap : 0n;
}
