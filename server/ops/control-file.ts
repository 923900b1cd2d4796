import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { isAlive } from '../db/client.ts';

// The control channel (docs/operations.md#backup): a running server on the embedded database writes
// `$DATA_DIR/server.json` (mode 0600) after it listens, so that `npm run backup` asks it to take the backup
// instead of opening a folder the server holds. The token is new at every start and dies with the process.

export const CONTROL_FILE_NAME = 'server.json';

const controlFileSchema = z.strictObject({
  pid: z.number().int().positive(),
  url: z.string().regex(/^http:\/\/[^/\s]+$/),
  token: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ControlFile = z.infer<typeof controlFileSchema>;

export const controlFilePath = (dataDir: string) => join(dataDir, CONTROL_FILE_NAME);

/** A fresh control token: 32 random bytes, in hex. */
export const newControlToken = () => randomBytes(32).toString('hex');

/**
 * Writes the file readable by its owner only: written under a temporary name created 0600, then renamed over the
 * old one, so that no reader ever sees half a file or a wider mode.
 */
export const writeControlFile = async (dataDir: string, control: ControlFile): Promise<string> => {
  const path = controlFilePath(dataDir);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(controlFileSchema.parse(control))}\n`, {
    mode: 0o600,
    flag: 'w',
  });
  await rename(temporary, path);
  return path;
};

/**
 * The running server's channel, or undefined when there is none: no file, a file that is not ours (garbled), or
 * one left behind by a process that no longer runs (a `kill -9` leaves it).
 */
export const readControlFile = async (dataDir: string): Promise<ControlFile | undefined> => {
  let text: string;
  try {
    text = await readFile(controlFilePath(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const control = controlFileSchema.safeParse(parsed);
  if (!control.success || !isAlive(control.data.pid)) return undefined;
  return control.data;
};

/** Removes the file if this process wrote it (`pid`, default this process): another server's file is left alone. */
export const removeControlFile = async (dataDir: string, pid = process.pid): Promise<void> => {
  let current: unknown;
  try {
    current = JSON.parse(await readFile(controlFilePath(dataDir), 'utf8'));
  } catch {
    return;
  }
  // Safe: an optional field read and compared, whatever the file held.
  if ((current as { pid?: unknown }).pid !== pid) return;
  await rm(controlFilePath(dataDir), { force: true });
};
