import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  controlFilePath,
  newControlToken,
  readControlFile,
  removeControlFile,
  writeControlFile,
} from './control-file.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-control-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the control file ($DATA_DIR/server.json)', () => {
  it('is written for its owner only, read back, and removed by the process that wrote it', async () => {
    const dir = tempDir();
    const control = { pid: process.pid, url: 'http://127.0.0.1:3000', token: newControlToken() };
    expect(control.token).toMatch(/^[0-9a-f]{64}$/);
    expect(newControlToken()).not.toBe(control.token);
    await writeControlFile(dir, control);
    expect(statSync(controlFilePath(dir)).mode & 0o777).toBe(0o600);
    expect(await readControlFile(dir)).toEqual(control);

    // Another process's file is left alone.
    await removeControlFile(dir, process.pid + 1);
    expect(await readControlFile(dir)).toEqual(control);
    await removeControlFile(dir);
    expect(await readControlFile(dir)).toBeUndefined();
    await removeControlFile(dir);
  });

  it('counts a garbled file, or one left by a process that is gone, as no channel', async () => {
    const dir = tempDir();
    expect(await readControlFile(dir)).toBeUndefined();
    writeFileSync(controlFilePath(dir), '{"pid":');
    expect(await readControlFile(dir)).toBeUndefined();
    writeFileSync(controlFilePath(dir), JSON.stringify({ pid: process.pid, url: 'x', token: 'short' }));
    expect(await readControlFile(dir)).toBeUndefined();
    // pid 2^22 + 1 is above Linux's pid_max default: no such process.
    const gone = { pid: 4_194_305, url: 'http://127.0.0.1:3000', token: newControlToken() };
    writeFileSync(controlFilePath(dir), JSON.stringify(gone));
    expect(await readControlFile(dir)).toBeUndefined();
  });

  it('refuses to write a token or an address of the wrong shape', async () => {
    const dir = tempDir();
    await expect(
      writeControlFile(dir, { pid: process.pid, url: 'http://127.0.0.1:3000', token: 'not-hex' }),
    ).rejects.toThrow();
    expect(await readControlFile(dir)).toBeUndefined();
  });
});
