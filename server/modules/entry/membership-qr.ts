import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { serverSecret } from '../../db/schema/index.ts';

// The membership QR: `FD1.<gymId>.<memberId>.<version>.<signature>` (docs/rules.md#check-in), signed with a key
// kept in `server_secret`.

export const MEMBERSHIP_QR_SECRET = 'membership-qr';
const QR_PATTERN = /^FD1\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{22})$/;
const secrets = new WeakMap<object, Promise<string>>();

/**
 * The key that signs the membership QR codes: made on first use and kept in `server_secret`, so every process on
 * one database signs alike; kept in memory per process after.
 */
export const membershipQrSecret = (db: Executor): Promise<string> => {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insert(serverSecret)
        .values({ name: MEMBERSHIP_QR_SECRET, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: serverSecret.value })
        .from(serverSecret)
        .where(eq(serverSecret.name, MEMBERSHIP_QR_SECRET));
      if (!row) throw new Error('The membership QR secret could not be stored');
      return row.value;
    })();
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
};

const signatureOf = (secret: string, gymId: number, memberId: number, version: number) =>
  createHmac('sha256', secret).update(`${gymId}.${memberId}.${version}`).digest('base64url').slice(0, 22);

/** A customer's code: the facility, the customer, the version (a reissue revokes older ones) and the signature. */
export const membershipQrCode = (secret: string, gymId: number, memberId: number, version: number) =>
  `FD1.${gymId}.${memberId}.${version}.${signatureOf(secret, gymId, memberId, version)}`;

/** The code's parts when its signature holds, else null (a forged or garbled code). */
export const readMembershipQr = (secret: string, code: string) => {
  const match = QR_PATTERN.exec(code.trim());
  if (!match) return null;
  const [gymId, memberId, version] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const expected = Buffer.from(signatureOf(secret, gymId, memberId, version));
  const given = Buffer.from(match[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { gymId, memberId, version };
};
