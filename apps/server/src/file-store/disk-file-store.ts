import { createReadStream } from 'node:fs';
import { copyFile, constants as fsConstants, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FileStore } from './file-store';

/** Files under one directory of this instance's disk (UPLOADS_DIR, default DATA_DIR/uploads). */
export function diskFileStore(directory: string): FileStore {
  const root = resolve(directory);
  const pathOf = (key: string) => {
    const path = resolve(join(root, key));
    // Keys are made by the server, never typed by users; still, none may leave the directory.
    if (!path.startsWith(root + sep)) throw new Error(`file key outside the uploads directory: ${key}`);
    return path;
  };
  return {
    location: root,
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data, { flag: 'wx' });
    },
    async get(key) {
      return readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await copyFile(source, path, fsConstants.COPYFILE_EXCL);
    },
    async getStream(key) {
      const path = pathOf(key);
      const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return found ? { stream: createReadStream(path), size: found.size } : null;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
