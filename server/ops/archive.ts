import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

/**
 * The backup file's container (docs/operations.md#backup): an uncompressed tar holding `manifest.json` first, then
 * the parts. The parts are compressed on their own where it pays (the PGlite dump, the logical export), so the outer
 * tar stays a plain list that any `tar tf` can read.
 */

export type PartDigest = { bytes: number; sha256: string };

export const sha256File = async (path: string): Promise<PartDigest> => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    // Safe (both): a read stream opened without an encoding yields Buffers.
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
};

/** Writes `names` (files in `cwd`) into `file`, in that order. */
export const writeArchive = (file: string, cwd: string, names: string[]): Promise<void> =>
  tar.c({ file, cwd, portable: true }, names);

/** Two zero blocks: the end-of-archive marker alone, a valid tar with no entries. */
const EMPTY_TAR = Buffer.alloc(1024);

const countFiles = async (folder: string): Promise<number> => {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let count = 0;
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) count += await countFiles(join(folder, entry.name));
    else if (entry.isFile()) count += 1;
  }
  return count;
};

/**
 * Packs `parent/folderName` into `file` with paths starting `folderName/`, leaving out dot files (the disk storage's
 * `.name.part` files still being written). A missing or empty folder gives an empty tar.
 */
export const packFolder = async (
  file: string,
  parent: string,
  folderName: string,
  onFile?: (done: number, total: number) => void,
): Promise<number> => {
  const total = await countFiles(join(parent, folderName));
  if (total === 0) {
    await writeFile(file, EMPTY_TAR);
    onFile?.(0, 0);
    return 0;
  }
  let done = 0;
  await tar.c(
    {
      file,
      cwd: parent,
      portable: true,
      filter: (path) => !basename(path).startsWith('.'),
      onWriteEntry: (entry) => {
        if (entry.type === 'File') onFile?.(++done, Math.max(done, total));
      },
    },
    [folderName],
  );
  return done;
};

/** Unpacks a tar made by packFolder into `cwd`, keeping only entries under `folderName/`. */
export const unpackFolder = async (file: string, cwd: string, folderName: string): Promise<void> => {
  // node-tar calls a tar with no entries an unrecognised format: an empty folder has nothing to unpack.
  const handle = await open(file, 'r');
  const head = Buffer.alloc(512);
  try {
    await handle.read(head, 0, 512, 0);
  } finally {
    await handle.close();
  }
  if (head.every((byte) => byte === 0)) return;
  await tar.x({
    file,
    cwd,
    strict: true,
    // Plain files and folders only: a link in an edited backup could point the uploads at any file on the machine.
    filter: (path, entry) =>
      (path === folderName || path.startsWith(`${folderName}/`)) &&
      ('type' in entry
        ? entry.type === 'File' || entry.type === 'Directory'
        : entry.isFile() || entry.isDirectory()),
  });
};

export type ReadArchiveResult = {
  /** Each top-level file read whole, with its digest. */
  entries: Map<string, PartDigest>;
  /** The tar could not be read to its end: the entry being read when it broke, if one was. */
  broken?: { entry?: string; message: string };
};

/** A part's name: a plain file name, never a path. */
const PLAIN_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/**
 * Reads a backup file entry by entry into `into`, hashing each entry as it is written. Only plain top-level file
 * names are kept (nothing can land outside `into`); a tar that ends early or has a bad header is reported with the
 * entry it broke in, not thrown, so that the caller can name the part.
 */
export const readArchive = async (file: string, into: string): Promise<ReadArchiveResult> => {
  const entries = new Map<string, PartDigest>();
  const writes: Promise<void>[] = [];
  const started = new Set<string>();
  let current: string | undefined;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        current = entry.path;
        if (entry.type !== 'File' || !PLAIN_NAME.test(entry.path) || started.has(entry.path)) {
          entry.resume();
          return;
        }
        const name = entry.path;
        started.add(name);
        const hash = createHash('sha256');
        let bytes = 0;
        // One consumer: a second 'data' listener would start the entry flowing before the pipeline reads it.
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            bytes += chunk.length;
            done(null, chunk);
          },
        });
        writes.push(
          pipeline(entry, hashing, createWriteStream(join(into, name))).then(() => {
            // A tar cut inside this entry ends the stream early: only a whole entry counts as read, and a short one
            // stays `current`, the entry the tar broke in.
            if (bytes !== entry.size) return;
            entries.set(name, { bytes, sha256: hash.digest('hex') });
            if (current === name) current = undefined;
          }),
        );
      },
    });
    await Promise.all(writes);
    return { entries };
  } catch (error) {
    await Promise.allSettled(writes);
    return { entries, broken: { entry: current, message: (error as Error).message } };
  }
};
