import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Gender, Language } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { maskPhone, normalizeMobile } from '#domain/rules/customer.ts';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { formatPhone } from '#domain/rules/text.ts';
import { birthDate as birthDateSchema } from '#domain/schemas/common.ts';
import type {
  Customer,
  CustomerDetail,
  CustomerPassState,
  ImportResult,
  importRowSchema,
  SegmentCounts,
} from '#domain/schemas/customer.ts';
import { nameField } from '#domain/schemas/member.ts';
import { hasForbiddenControl } from '#domain/schemas/text.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customerMemo, gymMember, member, ticketIssue, ticketUsage } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import {
  customerColumns,
  customerListQuery,
  type customerSorts,
  segmentCountsQuery,
} from './customer.queries.ts';

// A facility's customers (docs/rules.md#customers): member rows the facility owns, linked by a customer
// `gym_member` row. Every change leaves its audit row in the caller's transaction.

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

type CustomerRow = {
  [K in keyof typeof customerColumns]: unknown;
} & {
  id: number;
  ownerGymId: number | null;
  name: string;
  phone: string;
  gender: Gender;
  birthDate: string | null;
  image: string | null;
  trainerMemberId: number | null;
  trainerName: string | null;
  leadSource: Customer['leadSource'];
  cardNumber: string | null;
  status: 'ACTIVE' | 'STOP' | 'QUIT';
  registeredOn: string | null;
  currentTicketIssueId: number | null;
  passName: string | null;
  passStartDate: string | null;
  passEndDate: string | null;
  sessionsLeft: number | null;
  holdStartDate: string | null;
  holdEndDate: string | null;
  unpaidAmount: number;
  lastVisitAt: Date | null;
  createDate: Date;
  memo: string | null;
  erasedAt: Date | null;
};

/** The state of the customer's current pass today, from the summary (docs/rules.md#customers). */
export const customerPassState = (row: CustomerRow, today: string): CustomerPassState => {
  if (row.currentTicketIssueId === null) return 'NONE';
  if (row.holdStartDate && row.holdEndDate && row.holdStartDate <= today && today <= row.holdEndDate)
    return 'HOLD';
  if ((row.passEndDate !== null && row.passEndDate < today) || row.sessionsLeft === 0) return 'EXPIRED';
  if (row.passStartDate !== null && row.passStartDate > today) return 'UPCOMING';
  return 'ACTIVE';
};

export const toCustomer = (row: CustomerRow, today: string, options: { mask: boolean }): Customer => ({
  id: row.id,
  gymId: row.ownerGymId ?? 0,
  name: row.name,
  phone: options.mask ? maskPhone(row.phone) : formatPhone(row.phone),
  gender: row.gender,
  birthDate: row.birthDate,
  image: row.image,
  trainerMemberId: row.trainerMemberId,
  trainerName: row.trainerName,
  leadSource: row.leadSource,
  cardNumber: row.cardNumber,
  status: row.status === 'QUIT' ? 'QUIT' : 'ACTIVE',
  registeredOn: row.registeredOn ?? row.createDate.toISOString().slice(0, 10),
  currentTicketIssueId: row.currentTicketIssueId,
  passName: row.passName,
  passStartDate: row.passStartDate,
  passEndDate: row.passEndDate,
  sessionsLeft: row.sessionsLeft,
  holdStartDate: row.holdStartDate,
  holdEndDate: row.holdEndDate,
  passState: customerPassState(row, today),
  unpaidAmount: row.unpaidAmount,
  lastVisitAt: row.lastVisitAt?.toISOString() ?? null,
  createDate: row.createDate.toISOString(),
});

const toDetail = (row: CustomerRow, today: string): CustomerDetail => ({
  ...toCustomer(row, today, { mask: false }),
  memo: row.memo,
  erased: row.erasedAt !== null,
});

export type ListInput = {
  gymId: number;
  segment: CustomerSegment;
  days: number;
  q?: string | undefined;
  trainerMemberId?: number | undefined;
  _start?: number | undefined;
  _end?: number | undefined;
  _sort?: keyof typeof customerSorts | undefined;
  _order?: 'asc' | 'desc' | undefined;
};

/** One page of customers and the capped total: one statement. */
export const listCustomers = async (db: Executor, input: ListInput, now: Date) => {
  const today = seoulToday(now);
  const start = input._start ?? 0;
  const end = Math.min(input._end ?? start + 20, start + 100);
  const sort = input._sort ?? 'id';
  const rows = (await customerListQuery(db, {
    gymId: input.gymId,
    segment: input.segment,
    days: input.days,
    q: input.q,
    trainerMemberId: input.trainerMemberId,
    sort,
    order:
      input._order ?? (sort === 'id' || sort === 'registeredOn' || sort === 'unpaidAmount' ? 'desc' : 'asc'),
    limit: Math.max(end - start, 0),
    offset: start,
    today,
    withTotal: true,
  })) as (CustomerRow & { total: number })[];
  const total = rows[0]?.total ?? (start === 0 ? 0 : await countAfterEnd(db, input, now));
  return {
    data: rows.map((row) => toCustomer(row, today, { mask: true })),
    total,
    capped: total > 10_000,
  };
};

/** A page past the end has no row to carry the total: count on its own (rare). */
const countAfterEnd = async (db: Executor, input: ListInput, now: Date) => {
  const rows = (await customerListQuery(db, {
    gymId: input.gymId,
    segment: input.segment,
    days: input.days,
    q: input.q,
    trainerMemberId: input.trainerMemberId,
    sort: 'id',
    order: 'asc',
    limit: 1,
    offset: 0,
    today: seoulToday(now),
    withTotal: true,
  })) as { total: number }[];
  return rows[0]?.total ?? 0;
};

export const segmentCounts = async (
  db: Executor,
  gymId: number,
  days: number,
  now: Date,
  trainerMemberId: number | null = null,
): Promise<SegmentCounts> => {
  const [row] = await segmentCountsQuery(db, gymId, seoulToday(now), days, trainerMemberId);
  return { counts: row as SegmentCounts['counts'], capped: false };
};

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
  const today = seoulToday(actor.now);
  const rows = (await customerListQuery(tx, {
    ...input,
    segment: input.ids ? 'all' : input.segment,
    q: input.ids ? undefined : input.q,
    sort: 'name',
    order: 'asc',
    limit: EXPORT_MAX,
    offset: 0,
    today,
    withTotal: false,
  })) as CustomerRow[];
  const csv = toCsv(
    exportHeaders[language],
    rows.map((row) => [
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
    ]),
  );
  await audit(tx, actor, {
    gymId: input.gymId,
    action: 'customer.export',
    entity: 'customer',
    entityId: null,
    after: { segment: input.ids ? 'selection' : input.segment, q: input.q ?? null, rows: rows.length },
  });
  return csv;
};

const selectOne = async (db: Executor, gymId: number, id: number): Promise<CustomerRow> => {
  const [row] = await db
    .select(customerColumns)
    .from(member)
    .where(and(eq(member.id, id), eq(member.ownerGymId, gymId)));
  if (!row) throw notFound();
  return row as CustomerRow;
};

/** One customer of the facility, whole (404 for anyone else's). */
export const getCustomer = async (db: Executor, gymId: number, id: number, now: Date) =>
  toDetail(await selectOne(db, gymId, id), seoulToday(now));

/** The facility's customer with this phone, if any (the add drawer's "open that customer instead"). */
export const findByPhone = async (
  db: Executor,
  gymId: number,
  phone: string,
  now: Date,
  trainerMemberId: number | null = null,
) => {
  const mobile = normalizeMobile(phone);
  if (!mobile) return null;
  const [row] = await db
    .select(customerColumns)
    .from(member)
    .where(
      and(
        eq(member.ownerGymId, gymId),
        eq(member.phone, mobile),
        sql`${member.erasedAt} is null`,
        trainerMemberId === null ? undefined : eq(member.trainerMemberId, trainerMemberId),
      ),
    );
  return row ? toCustomer(row as CustomerRow, seoulToday(now), { mask: true }) : null;
};

const duplicatePhone = (existingId: number) =>
  new AppError('CONFLICT', 'duplicatePhone', {}, { phone: 'duplicatePhone' as never }, { existingId });

/** The customer on the facility's books who holds this card, other than `except` (docs/rules.md#card-numbers). */
const cardHolder = async (db: Executor, gymId: number, card: string, except?: number) => {
  const [row] = await db
    .select({ id: member.id, name: member.name })
    .from(member)
    .where(
      and(
        eq(member.ownerGymId, gymId),
        eq(member.cardNumber, card),
        ne(member.status, 'QUIT'),
        except === undefined ? undefined : ne(member.id, except),
      ),
    )
    .limit(1);
  return row;
};

/** A card another customer holds: 409 naming them, so the desk knows whose card to clear first. */
const cardTaken = (card: string, holder: { id: number; name: string }) =>
  new AppError(
    'CONFLICT',
    'cardNumberTaken',
    { card, name: holder.name },
    { cardNumber: 'cardNumberInUse' },
    { holderId: holder.id },
  );

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
  if (!row)
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { trainerMemberId: 'invalidValue' });
};

type CreateValues = Omit<z.output<typeof import('#domain/schemas/customer.ts').customerCreateSchema>, never>;

const insertCustomers = async (tx: Executor, gymId: number, values: CreateValues[], now: Date) => {
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
  const [existing] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.ownerGymId, gymId), eq(member.phone, input.phone), sql`${member.erasedAt} is null`));
  if (existing) throw duplicatePhone(existing.id);
  await assertCardFree(tx, gymId, input.cardNumber);
  await assertTrainer(tx, gymId, input.trainerMemberId);
  const [id] = (await uniqueWrite(tx, gymId, input, undefined, (db) =>
    insertCustomers(db, gymId, [input], actor.now),
  )) as [number];
  const detail = await getCustomer(tx, gymId, id, actor.now);
  await audit(tx, actor, {
    gymId,
    action: 'customer.create',
    entity: 'customer',
    entityId: id,
    after: detail,
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
  const before = await selectOne(tx, gymId, id);
  if (before.erasedAt) throw new AppError('CONFLICT', 'customerErased');
  if (patch.phone && patch.phone !== before.phone) {
    const [other] = await tx
      .select({ id: member.id })
      .from(member)
      .where(
        and(eq(member.ownerGymId, gymId), eq(member.phone, patch.phone), sql`${member.erasedAt} is null`),
      );
    if (other) throw duplicatePhone(other.id);
  }
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
  await audit(tx, actor, {
    gymId,
    action: 'customer.update',
    entity: 'customer',
    entityId: id,
    before: toDetail(before, seoulToday(actor.now)),
    after,
  });
  return after;
};

/** Removes the customer from the facility: off the lists, history and money rows kept. */
export const removeCustomer = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  const before = await selectOne(tx, gymId, id);
  if (before.status === 'QUIT') throw new AppError('CONFLICT', 'customerRemoved');
  await tx.update(member).set({ status: 'QUIT', modifiedDate: actor.now }).where(eq(member.id, id));
  await tx
    .update(gymMember)
    .set({ status: 'QUIT', modifiedDate: actor.now })
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, id)));
  await audit(tx, actor, {
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
  const before = await selectOne(tx, gymId, id);
  if (before.erasedAt) throw new AppError('CONFLICT', 'customerErased');
  if (confirmName.trim() !== before.name.trim())
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { confirmName: 'confirmNameMismatch' });
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
  await tx
    .update(gymMember)
    .set({ status: 'QUIT', modifiedDate: actor.now })
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, id)));
  await audit(tx, actor, {
    gymId,
    action: 'customer.erase',
    entity: 'customer',
    entityId: id,
    before: { name: before.name, phone: before.phone },
    after: { erased: true },
  });
  return getCustomer(tx, gymId, id, actor.now);
};

// ---------------------------------------------------------------------------------------------------------
// Import

const GENDER_WORDS: Record<string, Gender> = {
  남: 'MALE',
  남자: 'MALE',
  남성: 'MALE',
  m: 'MALE',
  male: 'MALE',
  여: 'FEMALE',
  여자: 'FEMALE',
  여성: 'FEMALE',
  f: 'FEMALE',
  female: 'FEMALE',
};

/** 1990-01-31, 1990.01.31, 1990/01/31 or 19900131, from 1900-01-01 to today (docs/rules.md#dates). */
const parseBirthDate = (value: string): string | null | 'bad' => {
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{4})[-./]?(\d{1,2})[-./]?(\d{1,2})$/.exec(v);
  if (!m) return 'bad';
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return birthDateSchema.safeParse(iso).success ? iso : 'bad';
};

type RowResult = ImportResult['rows'][number];

/**
 * Checks every row (docs/rules.md#customers): the name and a Korean mobile number are required; the phone is the
 * dedupe key, within the file and against the facility. A dry run writes nothing; a real import with any error
 * row writes nothing either (400 naming each row), otherwise adds every ADD row in one transaction.
 */
export const importCustomers = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  rows: z.input<typeof importRowSchema>[],
  dryRun: boolean,
): Promise<ImportResult> => {
  const results: RowResult[] = [];
  const toAdd: { index: number; values: CreateValues }[] = [];
  const seen = new Map<string, number>();
  const phones = rows.map((row) => normalizeMobile(row.phone));
  const known = new Map<string, number>();
  const valid = [...new Set(phones.filter((p): p is string => p !== null))];
  for (let i = 0; i < valid.length; i += 1000) {
    const chunk = valid.slice(i, i + 1000);
    const found = await tx
      .select({ id: member.id, phone: member.phone })
      .from(member)
      .where(
        and(eq(member.ownerGymId, gymId), inArray(member.phone, chunk), sql`${member.erasedAt} is null`),
      );
    for (const f of found) known.set(f.phone, f.id);
  }
  for (const [index, row] of rows.entries()) {
    const line = index + 1;
    const fail = (field: string, reason: string): RowResult => ({
      line,
      result: 'ERROR',
      reason,
      field,
      existingId: null,
      id: null,
    });
    const name = nameField.safeParse(row.name);
    if (!name.success) {
      results.push(fail('name', name.error.issues[0]?.message ?? 'nameRequired'));
      continue;
    }
    const phone = phones[index];
    if (!phone) {
      results.push(fail('phone', 'mobileFormat'));
      continue;
    }
    const genderWord = (row.gender ?? '').trim().toLowerCase();
    const gender = genderWord ? GENDER_WORDS[genderWord] : 'NONE';
    if (!gender) {
      results.push(fail('gender', 'invalidValue'));
      continue;
    }
    const birthDate = parseBirthDate(row.birthDate ?? '');
    if (birthDate === 'bad') {
      results.push(fail('birthDate', 'birthDate'));
      continue;
    }
    const memo = (row.memo ?? '').trim();
    if (memo.length > 2000) {
      results.push(fail('memo', 'tooLong'));
      continue;
    }
    if (hasForbiddenControl(`${row.name}${row.memo ?? ''}`)) {
      results.push(fail('name', 'controlCharacter'));
      continue;
    }
    const earlier = seen.get(phone);
    if (earlier !== undefined) {
      results.push({
        line,
        result: 'DUPLICATE',
        reason: 'duplicateInFile',
        field: 'phone',
        existingId: null,
        id: null,
      });
      continue;
    }
    seen.set(phone, line);
    const existingId = known.get(phone);
    if (existingId !== undefined) {
      results.push({
        line,
        result: 'DUPLICATE',
        reason: 'duplicateInFacility',
        field: 'phone',
        existingId,
        id: null,
      });
      continue;
    }
    results.push({ line, result: 'ADD', reason: null, field: null, existingId: null, id: null });
    toAdd.push({
      index: results.length - 1,
      values: { name: name.data, phone, gender, birthDate, memo: memo || null },
    });
  }
  const errors = results.filter((r) => r.result === 'ERROR');
  const summary = {
    dryRun,
    added: toAdd.length,
    duplicates: results.filter((r) => r.result === 'DUPLICATE').length,
    errors: errors.length,
  };
  if (dryRun) return { ...summary, rows: results };
  if (errors.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      {},
      Object.fromEntries(
        errors.slice(0, 100).map((e) => [`rows.${e.line - 1}.${e.field}`, e.reason as never]),
      ),
      { errorRows: errors.length },
    );
  for (let i = 0; i < toAdd.length; i += 500) {
    const chunk = toAdd.slice(i, i + 500);
    const ids = await insertCustomers(
      tx,
      gymId,
      chunk.map((c) => c.values),
      actor.now,
    );
    chunk.forEach((c, k) => {
      results[c.index] = { ...results[c.index]!, id: ids[k]! };
    });
  }
  await audit(tx, actor, {
    gymId,
    action: 'customer.import',
    entity: 'customer',
    entityId: null,
    after: { added: summary.added, duplicates: summary.duplicates },
  });
  return { ...summary, rows: results };
};

// ---------------------------------------------------------------------------------------------------------
// Memos and usage

export const listMemos = async (db: Executor, gymId: number, id: number) => {
  await selectOne(db, gymId, id);
  const rows = await db
    .select({
      id: customerMemo.id,
      content: customerMemo.content,
      createdByName: sql<
        string | null
      >`(select s.name from ${member} s where s.id = ${customerMemo}.created_by_member_id)`,
      createDate: customerMemo.createDate,
    })
    .from(customerMemo)
    .where(eq(customerMemo.memberId, id))
    .orderBy(desc(customerMemo.id))
    .limit(200);
  return rows.map((r) => ({ ...r, createDate: r.createDate.toISOString() }));
};

export const addMemo = async (tx: Executor, actor: Actor, gymId: number, id: number, content: string) => {
  const customer = await selectOne(tx, gymId, id);
  if (customer.erasedAt) throw new AppError('CONFLICT', 'customerErased');
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

/** The usage ledger across the customer's passes, newest first. */
export const listUsage = async (db: Executor, gymId: number, id: number) => {
  await selectOne(db, gymId, id);
  const rows = await db
    .select({
      id: ticketUsage.id,
      ticketIssueId: ticketUsage.ticketIssueId,
      ticketName: ticketIssue.ticketName,
      kind: ticketUsage.kind,
      sessions: ticketUsage.sessions,
      note: ticketUsage.note,
      createdByName: sql<
        string | null
      >`(select s.name from ${member} s where s.id = ${ticketUsage}.created_by_member_id)`,
      createDate: ticketUsage.createDate,
    })
    .from(ticketUsage)
    .innerJoin(ticketIssue, eq(ticketIssue.id, ticketUsage.ticketIssueId))
    .where(and(eq(ticketUsage.memberId, id), eq(ticketUsage.gymId, gymId)))
    .orderBy(desc(ticketUsage.id))
    .limit(200);
  return rows.map((r) => ({ ...r, createDate: r.createDate.toISOString() }));
};
