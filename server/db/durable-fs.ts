import fs from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/*
 * A folder database that survives a power cut or an operating-system crash, not only `kill -9`
 * (docs/operations.md#durability). PGlite 0.5 starts PostgreSQL with `-F` (fsync off), its Node file system
 * (Emscripten's NODEFS) has no fsync operation, and its fdatasync is a stub that returns 0: every write reaches the
 * kernel, none is ever flushed to the disk. Here PostgreSQL keeps fsync on, its WAL is flushed with fsync() (the
 * one call that reaches the file system; fdatasync is bound to the stub), and NODEFS gets the missing operation.
 *
 * Calls go through `fs.fsyncSync` on the module object, looked up at each call, so that a test can count them.
 */

type Stream = { nfd?: number };
type Nodefs = {
  stream_ops: { fsync?: (stream: Stream) => number };
  /** Turns a Node error into the errno PostgreSQL sees (a failed fsync is a PANIC there, as it should be). */
  tryFSOperation: <T>(operation: () => T) => T;
};

/** PGlite's own start parameters without `-F`, with the WAL flushed by fsync() (see above). */
export const durableStartParams: string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/** NODEFS with an fsync operation: `fsync()` in PostgreSQL becomes `fsync(2)` on the real file or directory. */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod) => {
            // NODEFS is this module instance's own object (one per PGlite), shared by all of its file nodes.
            // Safe: the Emscripten module's type does not describe NODEFS's stream operations; `Nodefs` names only the one
            // this file replaces, and tests/api/pglite-durability.test.ts proves the fsync lands on the real file.
            const nodefs = mod.NODEFS as unknown as Nodefs;
            nodefs.stream_ops.fsync = (stream) => {
              const fd = stream.nfd;
              if (typeof fd === 'number') nodefs.tryFSOperation(() => fs.fsyncSync(fd));
              return 0;
            };
          },
        ],
      },
    };
  }
}

/**
 * Flushes every file and directory under `root` (then `root` and its entry in the parent), as initdb does at its
 * end. The files initdb and a loaded archive write go through a path without fsync and are not in the WAL, so a
 * new or restored folder is flushed once before it is used. Files go eight at a time (about 1,000 files: 0.3 s
 * instead of 2.4 s one by one); directories after all their files, deepest first.
 */
export const syncFolder = async (root: string): Promise<void> => {
  const files: string[] = [];
  const directories: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
    directories.push(dir);
  };
  walk(root);
  directories.push(dirname(root));
  let next = 0;
  const worker = async () => {
    // Safe: `next < files.length` was checked on this line, so the entry is there.
    while (next < files.length) await syncPath(files[next++] as string, false);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  for (const dir of directories) await syncPath(dir, true);
};

const syncPath = async (path: string, directory: boolean) => {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(path, 'r');
  } catch (error) {
    // Some systems (Windows) cannot open a directory; PostgreSQL skips those too.
    if (directory && (error as NodeJS.ErrnoException).code === 'EISDIR') return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!(directory && (code === 'EINVAL' || code === 'EPERM' || code === 'EBADF'))) throw error;
  } finally {
    await handle.close();
  }
};

/** The PGlite options that make a folder database durable (docs/operations.md#durability). */
export const durableOptions = (dataDir: string): Pick<PGliteOptions, 'dataDir' | 'fs' | 'startParams'> => ({
  // dataDir stays set: PGlite names the archive of dumpDataDir() after its last part.
  dataDir,
  fs: new DurableNodeFS(dataDir),
  startParams: durableStartParams,
});
