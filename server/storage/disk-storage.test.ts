import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import { parseKey } from './file-storage.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fitdesk-storage-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the disk storage', () => {
  it('stores under a random name in its area, opens and removes it', async () => {
    const storage = createDiskStorage(root);
    const a = await storage.save('member-image', 'png', Readable.from([Buffer.from('first')]));
    const b = await storage.save('member-image', 'png', Readable.from([Buffer.from('second')]));
    expect(a.key).toMatch(/^member-image\/[0-9a-f]{32}\.png$/);
    expect(b.key).not.toBe(a.key);
    expect(a.size).toBe(5);

    const opened = await storage.open(a.key);
    expect(opened?.size).toBe(5);
    expect(await text(opened!.stream)).toBe('first');

    await storage.remove(a.key);
    expect(await storage.open(a.key)).toBeUndefined();
    await storage.remove(a.key);
    expect(readdirSync(join(root, 'member-image'))).toEqual([b.key.split('/')[1]]);
  });

  it('keeps nothing of a stream that fails part-way', async () => {
    const storage = createDiskStorage(root);
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('refused');
    }
    await expect(storage.save('document', 'pdf', failing())).rejects.toThrow('refused');
    expect(readdirSync(join(root, 'document'))).toEqual([]);

    // A source refused before its first byte fails before the file is even open.
    // biome-ignore lint/correctness/useYield: it fails before it yields.
    async function* refusedAtOnce(): AsyncGenerator<Buffer> {
      throw new Error('refused at once');
    }
    for (let i = 0; i < 20; i++) {
      await expect(storage.save('document', 'pdf', refusedAtOnce())).rejects.toThrow('refused at once');
    }
    expect(readdirSync(join(root, 'document'))).toEqual([]);
  });

  it('opens only keys it could have made', async () => {
    writeFileSync(join(root, 'secret.txt'), 'secret');
    const storage = createDiskStorage(root);
    for (const key of [
      '../secret.txt',
      'member-image/../../secret.txt',
      '/etc/passwd',
      'secret.txt',
      'a/b/c.png',
    ]) {
      expect(parseKey(key)).toBeUndefined();
      expect(await storage.open(key)).toBeUndefined();
    }
    await expect(storage.save('../up', 'png', Readable.from([]))).rejects.toThrow();
    await expect(storage.save('member-image', 'p/ng', Readable.from([]))).rejects.toThrow();
  });
});
