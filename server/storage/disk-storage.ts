import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type FileStorage, isArea, isExtension, parseKey } from './file-storage.ts';

const flush = async (path: string) => {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * Files on the local disk under `root` (`$DATA_DIR/uploads`, outside any static root), one folder per area, with
 * random names. A file is written beside its final name and renamed into place once whole.
 */
export const createDiskStorage = (root: string): FileStorage => ({
  async save(area, extension, source) {
    if (!isArea(area) || !isExtension(extension)) throw new Error(`bad storage area or extension: ${area}`);
    const name = randomBytes(16).toString('hex');
    const folder = join(root, area);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const partial = join(folder, `.${name}.part`);
    // Opened before any byte is read, so that a source refused at once cannot race the file's creation.
    const sink = (await open(partial, 'wx', 0o600)).createWriteStream();
    try {
      await pipeline(source, sink);
      const { size } = await stat(partial);
      // Flushed before it gets its name, and the name flushed after (docs/operations.md#durability): the database
      // row that points at the file is flushed at its commit, so the file must be on the disk first.
      await flush(partial);
      await rename(partial, join(folder, `${name}.${extension}`));
      await flush(folder).catch(() => {}); // a folder cannot be opened for a flush on every platform
      return { key: `${area}/${name}.${extension}`, size };
    } catch (error) {
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
  },

  async open(key) {
    const parts = parseKey(key);
    if (!parts) return undefined;
    const path = join(root, parts.area, `${parts.name}.${parts.extension}`);
    try {
      const handle = await open(path, 'r');
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },

  async remove(key) {
    const parts = parseKey(key);
    if (!parts) return;
    await rm(join(root, parts.area, `${parts.name}.${parts.extension}`), { force: true });
  },
});
