import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Gender, Language } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { formatPhone } from '#domain/rules/text.ts';
import type { CustomerDetail, customerCreateSchema } from '#domain/schemas/customer.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customerMemo, gymMember, member } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { recordConsents } from '../message-settings/message-consent.commands.ts';
import { holdPass } from '../pass/hold.commands.ts';
import { liveCustomer } from '../pass/pass.queries.ts';
import { type CustomerRow, toDetail } from './customer.mappers.ts';
import { cardHolder, customerRow, getCustomer, passesInForce, phoneHolder } from './customer.queries.ts';
import { badField, cardTaken, duplicatePhone, refused } from './customer.refusals.ts';
import { customerListQuery } from './customer.sql.ts';

// A facility's customers (docs/rules.md#customers): member rows the facility owns, linked by a customer
// `gym_member` row. Every change takes the caller's transaction and leaves its audit row in it.

export type CreateValues = z.output<typeof customerCreateSchema>;

const assertCardFree = async (
  db: Executor,
  gymId: number,
  card: string | null | undefined,
  except?: number,
) => {
  if (!card) return;
  const holder = await cardHolder(db, gymId, card, except);
  if (holder) throw cardTaken(card, holder);
};

const assertPhoneFree = async (db: Executor, gymId: number, phone: string) => {
  const existingId = await phoneHolder(db, gymId, phone);
  if (existingId !== undefined) throw duplicatePhone(existingId);
};

/**
 * Runs a write that may break the facility's unique phone or card (a request racing another): the write rolls back
 * to its savepoint and the answer is the 409 the check before it would have given.
 */
const uniqueWrite = async <T>(
  tx: Executor,
  gymId: number,
  values: { phone?: string | undefined; cardNumber?: string | null | undefined },
  except: number | undefined,
  write: (db: Executor) => Promise<T>,
): Promise<T> => {
  try {
    return await tx.transaction((sp) => write(sp));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (values.cardNumber) {
      const holder = await cardHolder(tx, gymId, values.cardNumber, except);
      if (holder) throw cardTaken(values.cardNumber, holder);
    }
    throw duplicatePhone(0);
  }
};

/** A staff member of the facility, for the assigned trainer. */
const assertTrainer = async (db: Executor, gymId: number, trainerMemberId: number | null | undefined) => {
  if (!trainerMemberId) return;
  const [row] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(
      and(
        eq(gymMember.gymId, gymId),
        eq(gymMember.memberId, trainerMemberId),
        // Staff: an ACTIVE link with a permission set (the representative's link is not a worker's).
        isNotNull(gymMember.gymAuthId),
        eq(gymMember.status, 'ACTIVE'),
      ),
    );
  if (!row) throw badField('trainerMemberId', 'invalidValue');
};

/** Adds the facility's customer rows and their links; answers the new ids in order. */
export const insertCustomers = async (tx: Executor, gymId: number, values: CreateValues[], now: Date) => {
  const today = seoulToday(now);
  const rows = await tx
    .insert(member)
    .values(
      values.map((v) => ({
        userId: null,
        passwordHash: null,
        name: v.name,
        phone: v.phone,
        gender: v.gender ?? 'NONE',
        birthDate: v.birthDate ?? null,
        memo: v.memo ?? null,
        trainerMemberId: v.trainerMemberId ?? null,
        leadSource: v.leadSource ?? null,
        cardNumber: v.cardNumber ?? null,
        authCode: 'MEMBER' as const,
        ownerGymId: gymId,
        registeredOn: today,
        createDate: now,
        modifiedDate: now,
      })),
    )
    .returning({ id: member.id });
  await tx.insert(gymMember).values(
    rows.map((row) => ({
      gymId,
      memberId: row.id,
      status: 'ACTIVE' as const,
      workerYn: false,
      createDate: now,
      modifiedDate: now,
    })),
  );
  return rows.map((row) => row.id);
};

/** Registers a customer; a phone already on the facility's books answers 409 with that customer's id. */
export const createCustomer = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  input: CreateValues,
): Promise<CustomerDetail> => {
  await assertPhoneFree(tx, gymId, input.phone);
  await assertCardFree(tx, gymId, input.cardNumber);
  await assertTrainer(tx, gymId, input.trainerMemberId);
  const [id] = await uniqueWrite(tx, gymId, input, undefined, (db) =>
    insertCustomers(db, gymId, [input], actor.now),
  );
  // The consents asked at the desk, with the customer or not at all (docs/rules.md#consents).
  const consents = input.consents ?? {};
  const asked = Object.values(consents).some((v) => v !== undefined);
  if (asked) await recordConsents(tx, actor, gymId, id!, consents, 'DESK');
  // One row in, one id out.
  const detail = await getCustomer(tx, gymId, id!, actor.now);
  await audited(tx, actor, {
    gymId,
    action: 'customer.create',
    entity: 'customer',
    entityId: id,
    after: asked ? { ...detail, consents } : detail,
  });
  return detail;
};

export const updateCustomer = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  patch: Partial<CreateValues>,
): Promise<CustomerDetail> => {
  const before = await customerRow(tx, gymId, id);
  if (before.erasedAt) throw refused('customerErased');
  if (patch.phone && patch.phone !== before.phone) await assertPhoneFree(tx, gymId, patch.phone);
  if (patch.cardNumber && patch.cardNumber !== before.cardNumber)
    await assertCardFree(tx, gymId, patch.cardNumber, id);
  await assertTrainer(tx, gymId, patch.trainerMemberId);
  await uniqueWrite(tx, gymId, patch, id, (db) =>
    db
      .update(member)
      .set({ ...patch, modifiedDate: actor.now })
      .where(eq(member.id, id)),
  );
  const after = await getCustomer(tx, gymId, id, actor.now);
  await audited(tx, actor, {
    gymId,
    action: 'customer.update',
    entity: 'customer',
    entityId: id,
    before: toDetail(before, seoulToday(actor.now)),
    after,
  });
  return after;
};

const quitLink = (tx: Executor, gymId: number, id: number, now: Date) =>
  tx
    .update(gymMember)
    .set({ status: 'QUIT', modifiedDate: now })
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, id)));

/** Removes the customer from the facility: off the lists, history and money rows kept. */
export const removeCustomer = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  const before = await customerRow(tx, gymId, id);
  if (before.status === 'QUIT') throw refused('customerRemoved');
  await tx.update(member).set({ status: 'QUIT', modifiedDate: actor.now }).where(eq(member.id, id));
  await quitLink(tx, gymId, id, actor.now);
  await audited(tx, actor, {
    gymId,
    action: 'customer.remove',
    entity: 'customer',
    entityId: id,
    before: { status: before.status },
    after: { status: 'QUIT' },
  });
  return getCustomer(tx, gymId, id, actor.now);
};

export const ERASED_NAME = '(삭제됨)';

/**
 * Erases a customer's personal data on request (docs/rules.md#customers): the name and phone are anonymised, the
 * profile fields and memos go; passes, the usage ledger and money rows stay (they hold no personal data).
 */
export const eraseCustomer = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  confirmName: string,
) => {
  const before = await customerRow(tx, gymId, id);
  if (before.erasedAt) throw refused('customerErased');
  if (confirmName.trim() !== before.name.trim()) throw badField('confirmName', 'confirmNameMismatch');
  await tx.delete(customerMemo).where(eq(customerMemo.memberId, id));
  await tx
    .update(member)
    .set({
      name: ERASED_NAME,
      phone: '',
      email: null,
      birthDate: null,
      image: null,
      memo: null,
      cardNumber: null,
      leadSource: null,
      trainerMemberId: null,
      status: 'QUIT',
      erasedAt: actor.now,
      modifiedDate: actor.now,
    })
    .where(eq(member.id, id));
  await quitLink(tx, gymId, id, actor.now);
  await audited(tx, actor, {
    gymId,
    action: 'customer.erase',
    entity: 'customer',
    entityId: id,
    before: { name: before.name, phone: before.phone },
    after: { erased: true },
  });
  return getCustomer(tx, gymId, id, actor.now);
};

export const addMemo = async (tx: Executor, actor: Actor, gymId: number, id: number, content: string) => {
  const customer = await customerRow(tx, gymId, id);
  if (customer.erasedAt) throw refused('customerErased');
  const [row] = await tx
    .insert(customerMemo)
    .values({ gymId, memberId: id, content, createdByMemberId: actor.memberId, createDate: actor.now })
    .returning();
  const [by] = actor.memberId
    ? await tx.select({ name: member.name }).from(member).where(eq(member.id, actor.memberId))
    : [];
  return {
    id: row!.id,
    content: row!.content,
    createdByName: by?.name ?? null,
    createDate: row!.createDate.toISOString(),
  };
};

/** Holds every pass of the customer in force today (each product's limits apply); 409 when none is. */
export const holdCustomer = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  memberId: number,
  hold: Parameters<typeof holdPass>[3],
) => {
  await liveCustomer(tx, gymId, memberId);
  const passes = await passesInForce(tx, gymId, memberId, seoulToday(actor.now));
  if (passes.length === 0) throw refused('noCurrentPass');
  for (const pass of passes) await holdPass(tx, actor, pass.id, hold);
};

// ---------------------------------------------------------------------------------------------------------
// Export

const EXPORT_MAX = 10_000;

const exportHeaders: Record<Language, string[]> = {
  ko: [
    '회원번호',
    '이름',
    '휴대폰',
    '성별',
    '생년월일',
    '이용권',
    '시작일',
    '종료일',
    '남은 횟수',
    '홀딩 시작',
    '홀딩 종료',
    '미수금',
    '담당 트레이너',
    '등록일',
  ],
  en: [
    'ID',
    'Name',
    'Mobile',
    'Gender',
    'Birth date',
    'Pass',
    'Start',
    'End',
    'Sessions left',
    'Hold from',
    'Hold to',
    'Unpaid (KRW)',
    'Trainer',
    'Registered',
  ],
};

const genderLabels: Record<Language, Record<Gender, string>> = {
  ko: { MALE: '남', FEMALE: '여', NONE: '' },
  en: { MALE: 'Male', FEMALE: 'Female', NONE: '' },
};

const exportLine = (row: CustomerRow, language: Language, seesMoney: boolean) => [
  row.id,
  row.name,
  formatPhone(row.phone),
  genderLabels[language][row.gender],
  row.birthDate ?? '',
  row.passName ?? '',
  row.passStartDate ?? '',
  row.passEndDate ?? '',
  row.sessionsLeft ?? '',
  row.holdStartDate ?? '',
  row.holdEndDate ?? '',
  seesMoney ? row.unpaidAmount : '',
  row.trainerName ?? '',
  row.registeredOn ?? '',
];

/**
 * The CSV of a segment (with its search) or of the selected ids: UTF-8 with a BOM so that Excel reads Korean,
 * whole phone numbers (it is the facility's own record), written to the audit log with its row count.
 */
export const exportCustomers = async (
  tx: Executor,
  actor: Actor,
  input: {
    gymId: number;
    segment: CustomerSegment;
    days: number;
    q?: string | undefined;
    ids?: number[] | undefined;
    trainerMemberId?: number | undefined;
  },
  language: Language,
  /** Without the payment right the unpaid column stays empty (docs/rules.md#access-table). */
  seesMoney = true,
): Promise<string> => {
  const rows = (await customerListQuery(tx, {
    ...input,
    segment: input.ids ? 'all' : input.segment,
    q: input.ids ? undefined : input.q,
    sort: 'name',
    order: 'asc',
    limit: EXPORT_MAX,
    offset: 0,
    today: seoulToday(actor.now),
    withTotal: false,
  })) as CustomerRow[];
  const csv = toCsv(
    exportHeaders[language],
    rows.map((row) => exportLine(row, language, seesMoney)),
  );
  await audited(tx, actor, {
    gymId: input.gymId,
    action: 'customer.export',
    entity: 'customer',
    entityId: null,
    after: { segment: input.ids ? 'selection' : input.segment, q: input.q ?? null, rows: rows.length },
  });
  return csv;
};
