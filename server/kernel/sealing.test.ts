import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveServerKey, loadServerKey, openSeal, SealError, ServerKeyError, seal } from './sealing.ts';

// The outbox's sealed secrets (docs/architecture.md#outbox) and the server key (docs/operations.md#server-key).

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-key-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('seal', () => {
  const key = deriveServerKey(randomBytes(32));

  it('opens with the server key, for its topic only, and hides the values', () => {
    const sealed = seal(key.publicRaw, 'password-reset', { code: '123456' });
    expect(sealed).toMatch(/^v1\.[0-9a-f]{12}(\.[A-Za-z0-9_-]+){4}$/);
    expect(sealed).not.toContain('123456');
    expect(openSeal(key, 'password-reset', sealed)).toEqual({ code: '123456' });
    // Each seal is new: the same values never seal alike.
    expect(seal(key.publicRaw, 'password-reset', { code: '123456' })).not.toBe(sealed);
    expect(() => openSeal(key, 'pay-request', sealed)).toThrow(SealError);
  });

  it('refuses an altered seal and names a seal made under another key', () => {
    const sealed = seal(key.publicRaw, 'pay-request', { token: 'x'.repeat(43) });
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => openSeal(key, 'pay-request', parts.join('.'))).toThrow(/failed its check/);
    const other = deriveServerKey(randomBytes(32));
    expect(() => openSeal(other, 'pay-request', sealed)).toThrow(/another server key/);
    expect(() => openSeal(key, 'pay-request', 'garbage')).toThrow(SealError);
  });

  it('derives the same key from the same bytes', () => {
    const bytes = randomBytes(32);
    expect(deriveServerKey(bytes).id).toBe(deriveServerKey(Buffer.from(bytes)).id);
    expect(deriveServerKey(bytes).id).not.toBe(key.id);
  });
});

describe('loadServerKey', () => {
  it('makes $DATA_DIR/secret.key once, readable by the owner only, and reads it after', () => {
    const dataDir = join(folder(), 'data');
    const first = loadServerKey({ dataDir });
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadServerKey({ dataDir }).id).toBe(first.id);
  });

  it('prefers SECRET_KEY, and makes no file then', () => {
    const dataDir = folder();
    const bytes = randomBytes(32);
    expect(loadServerKey({ dataDir, secretKey: bytes }).id).toBe(deriveServerKey(bytes).id);
    expect(() => statSync(join(dataDir, 'secret.key'))).toThrow();
  });

  it('refuses a damaged key file, naming it', () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, 'secret.key'), 'short\n');
    expect(() => loadServerKey({ dataDir })).toThrow(ServerKeyError);
    expect(() => loadServerKey({ dataDir })).toThrow(
      /secret\.key is not valid: it must be at least 32 bytes/,
    );
  });
});
