import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Gender } from '#domain/enums.ts';
import { isValidationKey, type ValidationKey } from '#domain/i18n/validation.ts';
import { normalizeMobile } from '#domain/rules/customer.ts';
import { birthDate as birthDateSchema } from '#domain/schemas/common.ts';
import type { ImportResult, importRowSchema } from '#domain/schemas/customer.ts';
import { nameField } from '#domain/schemas/member.ts';
import type { ConsentChannel } from '#domain/schemas/message-settings.ts';
import { hasForbiddenControl } from '#domain/schemas/text.ts';
import type { Executor } from '../../db/client.ts';
import { member } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { recordNewCustomersConsents } from '../message-settings/message-consent.commands.ts';
import { type CreateValues, insertCustomers } from './customer.commands.ts';

// The customer import (docs/rules.md#customers): the name and a Korean mobile number are required; the phone is the
// dedupe key, within the file and against the facility. A dry run writes nothing; a real import with any error row
// writes nothing either (400 naming each row), otherwise adds every ADD row in the caller's transaction.

type ImportRow = z.input<typeof importRowSchema>;
type RowResult = ImportResult['rows'][number];
type Checked = { result: RowResult; values?: CreateValues; consents?: RowConsents };

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

const CONSENT_WORDS: Record<string, boolean> = {
  예: true,
  네: true,
  동의: true,
  y: true,
  yes: true,
  o: true,
  true: true,
  '1': true,
  아니오: false,
  아니요: false,
  미동의: false,
  비동의: false,
  거부: false,
  n: false,
  no: false,
  x: false,
  false: false,
  '0': false,
};

/** A consent cell: yes or no in Korean or English (docs/rules.md#consents), undefined when blank, 'bad' else. */
const parseConsent = (value: string | undefined): boolean | undefined | 'bad' => {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return undefined;
  return CONSENT_WORDS[v] ?? 'bad';
};

type RowConsents = Partial<Record<ConsentChannel, boolean>>;

/** 1990-01-31, 1990.01.31, 1990/01/31 or 19900131, from 1900-01-01 to today (docs/rules.md#dates). */
const parseBirthDate = (value: string): string | null | 'bad' => {
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{4})[-./]?(\d{1,2})[-./]?(\d{1,2})$/.exec(v);
  if (!m) return 'bad';
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return birthDateSchema.safeParse(iso).success ? iso : 'bad';
};

/** The facility's (not erased) customers with these phones, by phone: in chunks of 1,000. */
const knownPhones = async (tx: Executor, gymId: number, phones: (string | null)[]) => {
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
  return known;
};

/** One row's fields, checked in the order the screen reports them; the first error wins. */
const checkFields = (row: ImportRow, phone: string | null, line: number): Checked => {
  const fail = (field: string, reason: string): Checked => ({
    result: { line, result: 'ERROR', reason, field, existingId: null, id: null },
  });
  const name = nameField.safeParse(row.name);
  if (!name.success) return fail('name', name.error.issues[0]?.message ?? 'nameRequired');
  if (!phone) return fail('phone', 'mobileFormat');
  const genderWord = (row.gender ?? '').trim().toLowerCase();
  const gender = genderWord ? GENDER_WORDS[genderWord] : 'NONE';
  if (!gender) return fail('gender', 'invalidValue');
  const birthDate = parseBirthDate(row.birthDate ?? '');
  if (birthDate === 'bad') return fail('birthDate', 'birthDate');
  const memo = (row.memo ?? '').trim();
  if (memo.length > 2000) return fail('memo', 'tooLong');
  if (hasForbiddenControl(`${row.name}${row.memo ?? ''}`)) return fail('name', 'controlCharacter');
  const marketing = parseConsent(row.marketingConsent);
  if (marketing === 'bad') return fail('marketingConsent', 'invalidValue');
  const night = parseConsent(row.nightConsent);
  if (night === 'bad') return fail('nightConsent', 'invalidValue');
  const consents: RowConsents = {};
  if (marketing !== undefined)
    Object.assign(consents, { SMS: marketing, KAKAO: marketing, EMAIL: marketing });
  if (night !== undefined) consents.NIGHT = night;
  return {
    result: { line, result: 'ADD', reason: null, field: null, existingId: null, id: null },
    values: { name: name.data, phone, gender, birthDate, memo: memo || null },
    consents,
  };
};

/** Every row's result, and the rows to add with their place among the results. */
const checkRows = (rows: ImportRow[], phones: (string | null)[], known: Map<string, number>) => {
  const results: RowResult[] = [];
  const toAdd: { index: number; values: CreateValues; consents: RowConsents }[] = [];
  const seen = new Set<string>();
  const duplicate = (line: number, reason: string, existingId: number | null): RowResult => ({
    line,
    result: 'DUPLICATE',
    reason,
    field: 'phone',
    existingId,
    id: null,
  });
  for (const [index, row] of rows.entries()) {
    const line = index + 1;
    const phone = phones[index] ?? null;
    const checked = checkFields(row, phone, line);
    if (!checked.values || !phone) {
      results.push(checked.result);
      continue;
    }
    if (seen.has(phone)) {
      results.push(duplicate(line, 'duplicateInFile', null));
      continue;
    }
    seen.add(phone);
    const existingId = known.get(phone);
    if (existingId !== undefined) {
      results.push(duplicate(line, 'duplicateInFacility', existingId));
      continue;
    }
    results.push(checked.result);
    toAdd.push({ index: results.length - 1, values: checked.values, consents: checked.consents ?? {} });
  }
  return { results, toAdd };
};

/** A row reason as a field error: every reason the checks give is a validation text. */
const fieldKeyOf = (reason: string | null): ValidationKey =>
  reason !== null && isValidationKey(reason) ? reason : 'invalidValue';

/** 400 naming the first 100 error rows by their field (`rows.<index>.<field>`), with the count of them all. */
const rowErrors = (errors: RowResult[]) =>
  new AppError(
    'VALIDATION_FAILED',
    'VALIDATION_FAILED',
    {},
    Object.fromEntries(
      errors.slice(0, 100).map((e) => [`rows.${e.line - 1}.${e.field}`, fieldKeyOf(e.reason)]),
    ),
    { errorRows: errors.length },
  );

export const importCustomers = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  rows: ImportRow[],
  dryRun: boolean,
): Promise<ImportResult> => {
  const phones = rows.map((row) => normalizeMobile(row.phone));
  const { results, toAdd } = checkRows(rows, phones, await knownPhones(tx, gymId, phones));
  const errors = results.filter((r) => r.result === 'ERROR');
  const summary = {
    dryRun,
    added: toAdd.length,
    duplicates: results.filter((r) => r.result === 'DUPLICATE').length,
    errors: errors.length,
  };
  if (dryRun) return { ...summary, rows: results };
  if (errors.length > 0) throw rowErrors(errors);
  let consents = 0;
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
    // The file's consent columns, source IMPORT, with the customers (docs/rules.md#consents).
    consents += await recordNewCustomersConsents(
      tx,
      actor,
      gymId,
      chunk.map((c, k) => ({ memberId: ids[k]!, consents: c.consents })),
      'IMPORT',
    );
  }
  await audited(tx, actor, {
    gymId,
    action: 'customer.import',
    entity: 'customer',
    entityId: null,
    after: { added: summary.added, duplicates: summary.duplicates, consents },
  });
  return { ...summary, rows: results };
};
