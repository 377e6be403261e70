import { chmodSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { dataDirSocketPath } from '../data-dir-lock';
import { type BackupSource, writeBackup } from './write-backup';

const BACKUP_SOCKET = 'meridian.backup';

/**
 * A server on the embedded database holds its data directory alone, so `meridian backup` asks it for
 * the copy: it listens on a Unix domain socket in the data directory (only its OS user may connect)
 * and answers `backup\n` with the gzip backup. Called by the data directory's lock holder only.
 */
export async function serveBackups(dataDir: string, source: BackupSource): Promise<{ close: () => void }> {
  const path = dataDirSocketPath(resolve(dataDir), BACKUP_SOCKET);
  try {
    unlinkSync(path); // left by a holder that died; we hold the lock now
  } catch {
    // none
  }
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', (request) => {
      if (request.toString() !== 'backup\n') return void socket.end();
      const gzip = createGzip();
      void pipeline(gzip, socket).catch(() => undefined);
      writeBackup(source, gzip).then(
        () => gzip.end(),
        () => socket.destroy(),
      );
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => done());
  });
  chmodSync(path, 0o600);
  server.unref();
  return { close: () => server.close() };
}

/** Asks the server holding `dataDir` for a backup and writes its gzip bytes to `out`. */
export function requestBackup(dataDir: string, out: Writable): Promise<void> {
  const socket = net.connect(dataDirSocketPath(resolve(dataDir), BACKUP_SOCKET));
  socket.write('backup\n');
  return pipeline(socket, out);
}
