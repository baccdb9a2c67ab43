import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type Storage } from './storage.ts';

/** Where the server serves what the local disk holds (storage.routes.ts). */
export const UPLOADS_PATH = '/uploads';

export type LocalDiskStorage = Storage & {
  /** The bytes under a key, or undefined when nothing is stored there or it is not a key. */
  read(key: string): Promise<Buffer | undefined>;
};

/** Files under `root`, `{root}/{userId}/{sha256}.{ext}`, served at `/uploads/{userId}/{file}`. */
export function createLocalDiskStorage(root: string): LocalDiskStorage {
  // Only keys of the two strict patterns ever become paths, so none can leave `root`.
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(key, bytes) {
      if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await writeAtomically(target, bytes);
      return `${UPLOADS_PATH}/${key}`;
    },
    async read(key) {
      if (!isStorageKey(key)) return undefined;
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
  };
}

/**
 * Writes a temp file beside the target, flushed to disk, then renames it over the target: a
 * reader sees the whole file or none, even after a crash. The temp name (`.…tmp`) never matches
 * the pattern of a stored file, so it can never be served.
 */
async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  const suffix = randomBytes(8).toString('hex');
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${suffix}.tmp`);
  try {
    const handle = await fs.open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}
