import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { parseSecretKey } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { serverSecret } from '../db/schema/index.ts';

// The secret part of an outbox message (docs/architecture.md#outbox): a reset code, a link's token. It is sealed to
// the server's key before the row is written and opened only by the dispatcher at delivery, after which it is erased.
//
// The server's key is 32 bytes or more: `SECRET_KEY`, or else `$DATA_DIR/secret.key`, made once with mode 0600
// (docs/operations.md#server-key). Neither is in the database, so neither is in a backup. From it the server derives
// an X25519 key pair; the database keeps only the public half (`server_secret`, `outbox-public-key`), which is all a
// writer needs: any request, a seed or another process seals with what the database holds, and only a process
// holding the private half can open. Each seal is an ephemeral X25519 agreement, HKDF-SHA256, then AES-256-GCM with
// the topic as associated data.

export const OUTBOX_PUBLIC_KEY = 'outbox-public-key';
export const SECRET_KEY_FILE = 'secret.key';
const SEAL_VERSION = 'v1';
const INFO_KEY = 'fitdesk/outbox/x25519';
const INFO_SEAL = 'fitdesk/outbox/seal/v1';
// DER headers of a raw 32-byte X25519 key (RFC 8410).
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519 = Buffer.from('302a300506032b656e032100', 'hex');

const b64 = (buffer: Buffer) => buffer.toString('base64url');

export type ServerKey = {
  privateKey: KeyObject;
  /** The public half, raw (32 bytes). */
  publicRaw: Buffer;
  /** A short name of the key, carried by every seal, so a message sealed under another key says so. */
  id: string;
};

const keyIdOf = (publicRaw: Buffer) => createHash('sha256').update(publicRaw).digest('hex').slice(0, 12);
const publicKeyOf = (raw: Buffer) =>
  createPublicKey({ key: Buffer.concat([SPKI_X25519, raw]), format: 'der', type: 'spki' });
const rawPublic = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).subarray(-32);

/** The X25519 pair derived from the secret bytes (the same bytes give the same pair in every process). */
export const deriveServerKey = (secret: Buffer): ServerKey => {
  const raw = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO_KEY, 32));
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_X25519, raw]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicRaw = rawPublic(createPublicKey(privateKey));
  return { privateKey, publicRaw, id: keyIdOf(publicRaw) };
};

export class ServerKeyError extends Error {}

/**
 * The server's key: `SECRET_KEY` when set, else `$DATA_DIR/secret.key`, which is made on first use (32 random bytes,
 * base64, mode 0600). The file is written beside and then hard-linked into place, so two processes starting
 * together on one shared folder both end up with the first one's key, and a crash never leaves half a key.
 */
export const loadServerKey = (config: { secretKey?: Buffer | undefined; dataDir: string }): ServerKey => {
  if (config.secretKey) return deriveServerKey(config.secretKey);
  const file = join(config.dataDir, SECRET_KEY_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(config.dataDir, { recursive: true });
    const scratch = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(scratch, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(scratch, file);
    } catch (linkError) {
      if ((linkError as NodeJS.ErrnoException).code !== 'EEXIST') throw linkError;
    } finally {
      unlinkSync(scratch);
    }
    text = readFileSync(file, 'utf8');
  }
  const parsed = parseSecretKey(text);
  if (typeof parsed === 'string')
    throw new ServerKeyError(`The server key file ${file} is not valid: it ${parsed}`);
  return deriveServerKey(parsed);
};

/**
 * Puts this process's public key in the database, where writers find it. Answers whether it replaced another one:
 * messages sealed under that key can no longer be opened (a new key file, or processes with different keys).
 */
export const installServerKey = async (db: Executor, key: ServerKey): Promise<{ replaced: boolean }> => {
  const value = b64(key.publicRaw);
  const [row] = await db
    .select({ value: serverSecret.value })
    .from(serverSecret)
    .where(eq(serverSecret.name, OUTBOX_PUBLIC_KEY));
  if (row?.value === value) return { replaced: false };
  await db
    .insert(serverSecret)
    .values({ name: OUTBOX_PUBLIC_KEY, value })
    .onConflictDoUpdate({ target: serverSecret.name, set: { value } });
  return { replaced: row !== undefined };
};

export class SealError extends Error {}

/** Seals `values` for `topic` to the public key the database holds, inside the caller's transaction. */
export const sealForOutbox = async (
  tx: Executor,
  topic: string,
  values: Record<string, string>,
): Promise<string> => {
  const [row] = await tx
    .select({ value: serverSecret.value })
    .from(serverSecret)
    .where(eq(serverSecret.name, OUTBOX_PUBLIC_KEY));
  if (!row) throw new SealError('The outbox has no server key yet: the server installs it at start-up');
  return seal(Buffer.from(row.value, 'base64url'), topic, values);
};

const sealKey = (shared: Buffer, ephemeralRaw: Buffer, serverRaw: Buffer) =>
  Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephemeralRaw, serverRaw]), INFO_SEAL, 32));

/** `v1.<key id>.<ephemeral public>.<iv>.<ciphertext>.<tag>`, base64url parts. */
export const seal = (serverRaw: Buffer, topic: string, values: Record<string, string>): string => {
  const ephemeral = generateKeyPairSync('x25519');
  const ephemeralRaw = rawPublic(ephemeral.publicKey);
  const shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: publicKeyOf(serverRaw) });
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(shared, ephemeralRaw, serverRaw), iv);
  cipher.setAAD(Buffer.from(topic));
  const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return [
    SEAL_VERSION,
    keyIdOf(serverRaw),
    b64(ephemeralRaw),
    b64(iv),
    b64(body),
    b64(cipher.getAuthTag()),
  ].join('.');
};

/** Opens a seal with the server's private key; a seal under another key, altered or of another topic throws. */
export const openSeal = (key: ServerKey, topic: string, sealed: string): Record<string, string> => {
  const parts = sealed.split('.');
  if (parts.length !== 6 || parts[0] !== SEAL_VERSION) throw new SealError('The sealed part is not readable');
  // Safe: exactly six parts (checked above).
  const [, keyId, ephemeral, iv, body, tag] = parts as [string, string, string, string, string, string];
  if (keyId !== key.id) {
    throw new SealError(
      `The sealed part was made under another server key (${keyId}, this process has ${key.id}): ` +
        'SECRET_KEY or $DATA_DIR/secret.key differs (docs/operations.md#server-key)',
    );
  }
  const ephemeralRaw = Buffer.from(ephemeral, 'base64url');
  const shared = diffieHellman({ privateKey: key.privateKey, publicKey: publicKeyOf(ephemeralRaw) });
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealKey(shared, ephemeralRaw, key.publicRaw),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(topic));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
    // Safe: the text was sealed by `seal` from a Record<string, string>, and the auth tag proves it unaltered.
    return JSON.parse(text) as Record<string, string>;
  } catch {
    throw new SealError('The sealed part failed its check: it was altered, or belongs to another message');
  }
};
