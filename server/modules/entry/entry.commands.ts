import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '#domain/enums.ts';
import type { EntrySettings, MembershipQr } from '#domain/schemas/entry.ts';
import type { Executor } from '../../db/client.ts';
import { entryKiosk, entrySetting, gym, member } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { liveCustomer } from '../pass/pass.queries.ts';
import { entriesCsv } from './entry.mappers.ts';
import {
  type EntryFilter,
  EXPORT_MAX,
  entriesFrom,
  entryRange,
  entrySettingsOf,
  entryWhere,
  sha256,
} from './entry.queries.ts';
import { membershipQrCode } from './membership-qr.ts';

// Check-in's writes besides the check-in itself (check-in.commands.ts): the kiosk's token, the facility's rules,
// the membership QR's reissue and text, and the audited CSV of the log. Each takes the transaction (or the
// database) it is given and an `Actor`, so a seed or a job can call it too.

/** How long a kiosk's token lasts: one working day. */
export const ENTRY_KIOSK_TTL_MS = 16 * 3_600_000;
/** The outbox topic of the membership QR's text message. */
export const MEMBERSHIP_QR_TOPIC = 'membership-qr';

/** Opens a kiosk: a token good for 16 hours, of which only the SHA-256 is kept. */
export const openEntryKiosk = async (db: Executor, gymId: number, actor: Actor) => {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(actor.now.getTime() + ENTRY_KIOSK_TTL_MS);
  await db.insert(entryKiosk).values({
    gymId,
    tokenHash: sha256(token),
    openedByMemberId: actor.memberId,
    expiresAt,
    createDate: actor.now,
  });
  return { token, expiresAt: expiresAt.toISOString() };
};

/** A staff member leaves the kiosk: its token reaches nothing after. */
export const closeEntryKiosk = async (db: Executor, kioskId: number, now: Date) => {
  await db
    .update(entryKiosk)
    .set({ closedAt: now })
    .where(and(eq(entryKiosk.id, kioskId), isNull(entryKiosk.closedAt)));
};

/** Changes the rules (the representative), with its audit row. */
export const saveEntrySettings = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  patch: Partial<Omit<EntrySettings, 'gymId'>>,
): Promise<EntrySettings> => {
  const { gymId: _g, ...before } = await entrySettingsOf(tx, gymId);
  const after = {
    blockUnpaid: patch.blockUnpaid ?? before.blockUnpaid,
    maxLockersPerCustomer: patch.maxLockersPerCustomer ?? before.maxLockersPerCustomer,
    lockerReminderDays: patch.lockerReminderDays
      ? [...new Set(patch.lockerReminderDays)].sort((a, b) => b - a)
      : before.lockerReminderDays,
  };
  await tx
    .insert(entrySetting)
    .values({ gymId, ...after, modifiedDate: actor.now })
    .onConflictDoUpdate({ target: entrySetting.gymId, set: { ...after, modifiedDate: actor.now } });
  await audited(tx, actor, {
    gymId,
    action: 'entry-setting.update',
    entity: 'entry-setting',
    entityId: gymId,
    before,
    after,
  });
  return { gymId, ...after };
};

/** A new code: the version goes up, so every earlier code is refused at the kiosk. */
export const reissueMembershipQr = async (
  tx: Executor,
  actor: Actor,
  secret: string,
  gymId: number,
  memberId: number,
): Promise<MembershipQr> => {
  const customer = await liveCustomer(tx, gymId, memberId);
  const [row] = await tx
    .update(member)
    .set({ qrVersion: sql`${member.qrVersion} + 1`, modifiedDate: actor.now })
    .where(eq(member.id, customer.id))
    .returning({ qrVersion: member.qrVersion });
  const version = row!.qrVersion;
  await audited(tx, actor, {
    gymId,
    action: 'entry.qr-reissue',
    entity: 'member',
    entityId: customer.id,
    before: { qrVersion: customer.qrVersion },
    after: { qrVersion: version },
  });
  return { memberId: customer.id, code: membershipQrCode(secret, gymId, customer.id, version), version };
};

/** Texts the customer their current code, through the outbox. */
export const sendMembershipQr = async (
  tx: Executor,
  actor: Actor,
  secret: string,
  gymId: number,
  memberId: number,
) => {
  const customer = await liveCustomer(tx, gymId, memberId);
  const code = membershipQrCode(secret, gymId, customer.id, customer.qrVersion);
  // Signed with the facility's name; the code is sealed until delivery (docs/architecture.md#outbox).
  const [facility] = await tx.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
  const sign = facility?.name ?? '';
  await enqueue(tx, {
    topic: MEMBERSHIP_QR_TOPIC,
    payload: {
      gymId,
      to: customer.phone,
      memberId: customer.id,
      kind: 'membershipQr',
      text: {
        ko: `[${sign}] 출입용 회원 QR 코드입니다. 입구의 키오스크에 보여 주세요: {{code}}`,
        en: `[${sign}] Your membership QR code for the entrance kiosk: {{code}}`,
      },
    },
    secrets: { code },
    now: actor.now,
  });
};

/**
 * The entry log of a range as a CSV (UTF-8 with a BOM, so that Excel reads Korean), whole phone numbers (the
 * facility's own record), at most 10,000 rows, written to the audit log with its filters and row count.
 */
export const exportEntries = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  filter: EntryFilter,
  language: Language,
): Promise<string> => {
  const where = entryWhere(gymId, filter, actor.now);
  const rows = await entriesFrom(tx, where).limit(EXPORT_MAX);
  const csv = entriesCsv(rows, language);
  const { from, to } = entryRange(filter, actor.now);
  await audited(tx, actor, {
    gymId,
    action: 'entry.export',
    entity: 'entry-log',
    entityId: null,
    after: {
      from,
      to,
      result: filter.result ?? null,
      method: filter.method ?? null,
      memberId: filter.memberId ?? null,
      q: filter.q ?? null,
      rows: rows.length,
    },
  });
  return csv;
};
