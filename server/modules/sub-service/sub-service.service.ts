import { and, eq, type InferSelectModel, inArray } from 'drizzle-orm';
import type { SubServiceType } from '#domain/enums.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { gymSubService, subService } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { refused } from './sub-service.refusals.ts';

export type SubServiceRow = InferSelectModel<typeof subService>;
export type GymSubServiceRow = InferSelectModel<typeof gymSubService>;

/**
 * Whether the facility holds an APPROVE subscription of one of these add-on types (docs/rules.md#add-ons): the
 * gate of the consulting, check-in and locker calls.
 */
export const hasApprovedAddOn = async (
  db: Executor,
  gymId: number,
  types: readonly SubServiceType[],
): Promise<boolean> => {
  const [row] = await db
    .select({ id: gymSubService.id })
    .from(gymSubService)
    .innerJoin(subService, eq(subService.id, gymSubService.subServiceId))
    .where(
      and(
        eq(gymSubService.gymId, gymId),
        inArray(subService.gymSubServiceType, [...types]),
        eq(gymSubService.gymSubServiceStatus, 'APPROVE'),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** The add-on catalogue (docs/rules.md#add-ons), one entry per type; prices in won a month. */
export const SUB_SERVICE_CATALOGUE: {
  type: SubServiceType;
  nameKo: string;
  nameEn: string;
  price: number;
}[] = [
  { type: 'MESSAGE', nameKo: '단체 문자', nameEn: 'Group text messaging', price: 9_900 },
  { type: 'CONSULT', nameKo: '상담 및 분석 서비스', nameEn: 'Consultation and analysis', price: 19_900 },
  { type: 'CONTRACT', nameKo: '전자 계약', nameEn: 'Electronic contracts', price: 14_900 },
  { type: 'ENTER', nameKo: '출입 관리', nameEn: 'Entry check-in', price: 9_900 },
  { type: 'EXERCISE', nameKo: '운동 기록', nameEn: 'Training logs', price: 9_900 },
  { type: 'NUTRITION', nameKo: '영양 관리', nameEn: 'Nutrition plans', price: 14_900 },
  { type: 'APP', nameKo: '회원 앱', nameEn: 'Member app', price: 29_900 },
  { type: 'LOCKER', nameKo: '락커 관리', nameEn: 'Lockers', price: 4_900 },
];

/** Seeded at every start-up; existing entries (and the operator's edits to them) are kept. */
export const seedSubServiceCatalogue = async (db: Executor) => {
  await db
    .insert(subService)
    .values(SUB_SERVICE_CATALOGUE.map(({ type, ...rest }) => ({ gymSubServiceType: type, ...rest })))
    .onConflictDoNothing({ target: subService.gymSubServiceType });
};

/** A facility's request for an add-on (WAIT); one live subscription per add-on (the unique index decides). */
export const requestSubscription = async (tx: Executor, gymId: number, subServiceId: number, now: Date) => {
  const [service] = await tx
    .select({ id: subService.id })
    .from(subService)
    .where(eq(subService.id, subServiceId));
  if (!service)
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { subServiceId: 'invalidValue' });
  try {
    const [row] = await tx
      .insert(gymSubService)
      .values({
        gymId,
        subServiceId: service.id,
        gymSubServiceStatus: 'WAIT',
        createDate: now,
        modifiedDate: now,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw refused('alreadySubscribed');
    throw error;
  }
};

export const typeOfSubService = async (db: Executor, subServiceId: number) => {
  const [service] = await db
    .select({ type: subService.gymSubServiceType })
    .from(subService)
    .where(eq(subService.id, subServiceId));
  return service?.type ?? null;
};

/** Deletes a subscription that is not approved (an approved one is cancelled instead). */
export const deleteSubscription = async (tx: Executor, row: GymSubServiceRow) => {
  if (row.gymSubServiceStatus === 'APPROVE') throw refused('approvedSubscription');
  await tx.delete(gymSubService).where(eq(gymSubService.id, row.id));
};

/** A facility's subscriptions with their catalogue entries; one per add-on and status at most, so few. */
export const subscriptionsOf = (db: Executor, gymId: number) =>
  db
    .select({ service: subService, gymSubService })
    .from(gymSubService)
    .innerJoin(subService, eq(subService.id, gymSubService.subServiceId))
    .where(
      and(
        eq(gymSubService.gymId, gymId),
        inArray(gymSubService.gymSubServiceStatus, ['WAIT', 'APPROVE', 'DENY', 'CANCEL']),
      ),
    )
    .orderBy(gymSubService.id)
    .limit(100);
