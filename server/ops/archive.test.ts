import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { unpackFolder } from './archive.ts';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-archive-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('unpackFolder (docs/operations.md#restore)', () => {
  it('unpacks plain files and folders, and nothing else: no link, no path outside the folder', async () => {
    const source = temp();
    mkdirSync(join(source, 'uploads', 'doc'), { recursive: true });
    writeFileSync(join(source, 'uploads', 'doc', 'a.pdf'), 'the document');
    symlinkSync('/etc/hostname', join(source, 'uploads', 'doc', 'evil.pdf'));
    writeFileSync(join(source, 'outside.txt'), 'not an upload');
    const file = join(temp(), 'uploads.tar');
    await tar.c({ file, cwd: source }, ['uploads', 'outside.txt']);

    const target = temp();
    await unpackFolder(file, target, 'uploads');
    expect(readFileSync(join(target, 'uploads', 'doc', 'a.pdf'), 'utf8')).toBe('the document');
    expect(existsSync(join(target, 'outside.txt'))).toBe(false);
    let linked = false;
    try {
      linked = lstatSync(join(target, 'uploads', 'doc', 'evil.pdf')).isSymbolicLink();
    } catch {
      linked = false;
    }
    expect(linked).toBe(false);
    expect(existsSync(join(target, 'uploads', 'doc', 'evil.pdf'))).toBe(false);
  });
});
