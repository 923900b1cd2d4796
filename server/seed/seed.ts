import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { DEMO_VERIFICATION } from '#domain/demo.ts';
import type { NotificationKind, SubServiceType } from '#domain/enums.ts';
import { ROLE_PRESETS } from '#domain/permissions.ts';
import type { FileKind } from '#domain/rules/files.ts';
import { extensionOfKind, fileUrl } from '#domain/rules/files.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  file,
  gym,
  gymAuth,
  gymAuthMember,
  gymMember,
  gymSubService,
  notification,
  subService,
} from '../db/schema/index.ts';
import { customerChangesNow } from '../kernel/customer-summary.ts';
import { hashPassword } from '../kernel/password.ts';
import { recordJoinConsents } from '../modules/consent/consent.service.ts';
import { FILE_AREA, newFileId } from '../modules/file/file.commands.ts';
import { createGymWithOwner } from '../modules/gym/gym.commands.ts';
import type { MemberRepository } from '../modules/member/member.repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { seedConsults } from './consults.ts';
import { solidPng, textPdf } from './demo-files.ts';
import { seedCardNumbers, seedCheckIn } from './entry.ts';
import { seedMessaging } from './messaging.ts';
import { seedMoney } from './money.ts';
import { seedMembersAndPasses } from './passes.ts';
import { seedSchedule } from './schedule.ts';

export type Login = { role: string; userId: string; password?: string };

/**
 * The demo data set (docs/architecture.md#configuration). Later issues add members, passes and the rest to
 * it.
 */
export const DEMO_ACCOUNTS = [
  {
    role: 'representative (ADMIN)',
    userId: 'demo',
    password: 'demo1234',
    name: '김대표',
    phone: '01012345678',
    authCode: 'ADMIN',
  },
  {
    role: 'trainer (MEMBER)',
    userId: 'staff',
    password: 'staff1234',
    name: '이직원',
    phone: '01098765432',
    authCode: 'MEMBER',
  },
  {
    role: 'front desk (MEMBER)',
    userId: 'desk',
    password: 'desk1234',
    name: '박데스크',
    phone: '01055554444',
    authCode: 'MEMBER',
  },
  {
    role: 'trainer (MEMBER)',
    userId: 'coach',
    password: 'coach1234',
    name: '박코치',
    phone: '01046463131',
    authCode: 'MEMBER',
  },
  {
    role: 'trainer (MEMBER)',
    userId: 'yoga',
    password: 'yoga1234',
    name: '최요가',
    phone: '01057572020',
    authCode: 'MEMBER',
  },
  {
    role: 'worker awaiting approval',
    userId: 'newbie',
    password: 'newbie1234',
    name: '최신입',
    phone: '01077778888',
    authCode: 'MEMBER',
  },
  {
    role: 'worker with an invitation',
    userId: 'invitee',
    password: 'invitee1234',
    name: '한초대',
    phone: '01036367272',
    authCode: 'MEMBER',
  },
  {
    role: 'owner awaiting review (ADMIN)',
    userId: 'owner2',
    password: 'owner1234',
    name: '정대표',
    phone: '01022223333',
    authCode: 'ADMIN',
  },
] as const;

const DEMO_ACTIVE_GYM = {
  name: '핏데스크 강남점',
  ...DEMO_VERIFICATION,
  gymStatus: 'WAIT' as const,
};

/**
 * The two documents a review needs (docs/rules.md#verification), stored through the FileStorage like real
 * uploads (type ETC) and adopted by the facility: a PDF business registration and a PNG of the
 * representative's ID.
 */
const attachDocuments = async (
  tx: Db,
  storage: FileStorage,
  ownerId: number,
  gymId: number,
  label: string,
) => {
  const documents: {
    field: 'businessUrlImgUrl' | 'representIdImgUrl';
    name: string;
    kind: FileKind;
    bytes: Buffer;
  }[] = [
    {
      field: 'businessUrlImgUrl',
      name: '사업자등록증.pdf',
      kind: 'pdf',
      bytes: textPdf(`Business registration (demo): ${label}`),
    },
    {
      field: 'representIdImgUrl',
      name: '대표자 신분증.png',
      kind: 'png',
      bytes: solidPng(48, 30, [90, 140, 200]),
    },
  ];
  const urls: Record<string, string> = {};
  for (const document of documents) {
    const stored = await storage.save(
      FILE_AREA,
      extensionOfKind(document.kind),
      Readable.from([document.bytes]),
    );
    const id = newFileId();
    await tx.insert(file).values({
      id,
      storageKey: stored.key,
      kind: document.kind,
      size: stored.size,
      originalName: document.name,
      uploadType: 'ETC',
      ownerMemberId: ownerId,
      gymId,
    });
    urls[document.field] = fileUrl(id);
  }
  await tx.update(gym).set(urls).where(eq(gym.id, gymId));
};

/** Why the operator sent 수지점 back (the owner sees it in the facility settings). */
export const DEMO_REJECTION_REASON =
  '사업자등록증의 상호와 시설 이름이 다릅니다. 상호가 보이는 사업자등록증을 다시 올려 주세요.';

/** The demo accounts, each with the consents a join records (docs/rules.md#join): required ones, no marketing. */
const seedAccounts = async (db: Db, members: MemberRepository) => {
  const ids: Record<string, number> = {};
  for (const account of DEMO_ACCOUNTS) {
    const existing = await members.findByUserId(account.userId);
    const row =
      existing ??
      (await db.transaction(async (tx) => {
        const created = await members.create(
          {
            userId: account.userId,
            passwordHash: await hashPassword(account.password),
            name: account.name,
            phone: account.phone,
            authCode: account.authCode,
          },
          tx,
        );
        await recordJoinConsents(
          tx,
          created.id,
          { terms: true, privacy: true, marketing: false },
          new Date(),
        );
        return created;
      }));
    ids[account.userId] = row.id;
  }
  return ids;
};

/**
 * One facility in each verification state: 강남점 verified (ACTIVE) and 판교점 a draft (WAIT) for `demo`; 분당점
 * submitted (REQUEST) and 수지점 rejected (INACTIVE, with the operator's reason) for `owner2`. Staff on different
 * permission sets, add-ons, consultations, and the notices of the operator's decisions.
 */
const seedFacilities = async (db: Db, storage: FileStorage, ids: Record<string, number>, now: Date) => {
  const [already] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(eq(gymMember.memberId, ids.demo!))
    .limit(1);
  if (already) return;
  // One instant for the whole demo (`now`): a seed that runs across midnight in Seoul must not give its parts two
  // "todays" (the passes sold on one day, the money history ending on the next).
  await db.transaction(async (tx) => {
    const active = await createGymWithOwner(tx, ids.demo!, DEMO_ACTIVE_GYM);
    await attachDocuments(tx, storage, ids.demo!, active.id, 'FitDesk Gangnam');
    await tx.update(gym).set({ gymStatus: 'ACTIVE' }).where(eq(gym.id, active.id));
    await createGymWithOwner(tx, ids.demo!, {
      name: '핏데스크 판교점 (준비 중)',
      businessForm: 'INDIVIDUAL',
      gymStatus: 'WAIT',
    });
    // A submission from another owner, so the operator's review queue has something in it.
    const owner2Gym = {
      ...DEMO_ACTIVE_GYM,
      representName: '정대표',
      businessForm: 'CORPORATE' as const,
      businessType: '서비스업, 소매업',
      businessField: '체력단련장, 운동용품',
    };
    const submitted = await createGymWithOwner(tx, ids.owner2!, {
      ...owner2Gym,
      name: '바디핏 분당점',
      businessNo: '214-86-18758',
      address: '경기도 성남시 분당구 판교역로 235',
      addressDetail: '2층',
      postNo: '13494',
    });
    await attachDocuments(tx, storage, ids.owner2!, submitted.id, 'BodyFit Bundang');
    await tx.update(gym).set({ gymStatus: 'REQUEST' }).where(eq(gym.id, submitted.id));
    // A rejected one, with the reason the owner sees and answers by resubmitting.
    const rejected = await createGymWithOwner(tx, ids.owner2!, {
      ...owner2Gym,
      name: '바디핏 수지점',
      businessNo: '123-45-67891',
      address: '경기도 용인시 수지구 포은대로 435',
      addressDetail: '4층',
      postNo: '16864',
    });
    await attachDocuments(tx, storage, ids.owner2!, rejected.id, 'BodyFit Suji');
    await tx
      .update(gym)
      .set({
        gymStatus: 'INACTIVE',
        inactiveReason: DEMO_REJECTION_REASON,
      })
      .where(eq(gym.id, rejected.id));

    // The staff sets are the role presets (docs/rules.md#permissions; README's demo table).
    const [trainer] = await tx
      .insert(gymAuth)
      .values({ gymId: active.id, name: '트레이너', ...ROLE_PRESETS.TRAINER })
      .returning();
    const [desk] = await tx
      .insert(gymAuth)
      .values({ gymId: active.id, name: '프런트', ...ROLE_PRESETS.FRONT_DESK })
      .returning();
    for (const [userId, set] of [
      ['staff', trainer!],
      ['coach', trainer!],
      ['yoga', trainer!],
      ['desk', desk!],
    ] as const) {
      await tx.insert(gymMember).values({
        gymId: active.id,
        memberId: ids[userId]!,
        status: 'ACTIVE',
        workerYn: true,
        gymAuthId: set.id,
      });
      await tx.insert(gymAuthMember).values({ gymId: active.id, memberId: ids[userId]!, gymAuthId: set.id });
    }
    await tx
      .insert(gymMember)
      .values({ gymId: active.id, memberId: ids.newbie!, status: 'WAIT', workerYn: true });
    // An invitation 강남점 sent that its worker has not answered (docs/rules.md#permissions).
    await tx.insert(gymMember).values({
      gymId: active.id,
      memberId: ids.invitee!,
      status: 'WAIT',
      workerYn: true,
      invitedAt: now,
      invitedBy: ids.demo!,
    });

    const services = await tx.select().from(subService);
    const byType = new Map(services.map((s) => [s.gymSubServiceType, s.id]));
    await tx.insert(gymSubService).values([
      { gymId: active.id, subServiceId: byType.get('CONSULT')!, gymSubServiceStatus: 'APPROVE' },
      { gymId: active.id, subServiceId: byType.get('LOCKER')!, gymSubServiceStatus: 'APPROVE' },
      { gymId: active.id, subServiceId: byType.get('ENTER')!, gymSubServiceStatus: 'APPROVE' },
      { gymId: active.id, subServiceId: byType.get('MESSAGE')!, gymSubServiceStatus: 'APPROVE' },
    ]);
    const notice = (
      memberId: number,
      gymId: number,
      kind: NotificationKind,
      minutesAgo: number,
      extra: { reason?: string; subServiceType?: SubServiceType; readYn?: boolean } = {},
    ) => ({ memberId, gymId, kind, createDate: new Date(now.getTime() - minutesAgo * 60_000), ...extra });
    await tx.insert(notification).values([
      notice(ids.demo!, active.id, 'GYM_APPROVED', 3 * 24 * 60, { readYn: true }),
      notice(ids.demo!, active.id, 'SUB_SERVICE_APPROVED', 2 * 24 * 60, {
        subServiceType: 'CONSULT',
        readYn: true,
      }),
      notice(ids.demo!, active.id, 'SUB_SERVICE_APPROVED', 90, { subServiceType: 'LOCKER' }),
      notice(ids.demo!, active.id, 'SUB_SERVICE_APPROVED', 80, { subServiceType: 'ENTER' }),
      notice(ids.owner2!, rejected.id, 'GYM_REJECTED', 60, {
        reason: DEMO_REJECTION_REASON,
      }),
    ]);
    // Customers, pass products and passes in every state (server/seed/passes.ts).
    await seedMembersAndPasses(
      tx,
      active.id,
      { owner: ids.demo!, trainer: ids.staff, coaches: [ids.coach, ids.yoga] },
      now,
    );
    await customerChangesNow(tx);
    // The survey, 15 consultations in every outcome and a month of pipeline (server/seed/consults.ts).
    await seedConsults(tx, active.id, { owner: ids.demo!, staff: ids.staff }, now);
    await customerChangesNow(tx);
    // Three trainers, three weeks of classes and PT slots with bookings, attendance and a waitlist
    // (server/seed/schedule.ts).
    await seedSchedule(
      tx,
      active.id,
      { owner: ids.demo!, staff: ids.staff!, coach: ids.coach!, yoga: ids.yoga! },
      now,
    );
    await customerChangesNow(tx);
    // Card numbers, a week of entries and two locker rooms with rentals in every state (server/seed/entry.ts).
    await seedCheckIn(tx, active.id, { owner: ids.demo!, staff: ids.staff! }, now);
    await customerChangesNow(tx);
    // Six months of desk sales, balances, refunds, receipts, expenses, products, promotions and payment requests
    // (server/seed/money.ts).
    await seedMoney(
      tx,
      active.id,
      { owner: ids.demo!, desk: ids.desk!, staff: ids.staff!, coach: ids.coach!, yoga: ids.yoga! },
      now,
    );
    await customerChangesNow(tx);
    // Sender numbers, the Kakao channel, consents, credits and a month of sends (server/seed/messaging.ts).
    await seedMessaging(tx, storage, active.id, { owner: ids.demo!, desk: ids.desk! }, now);
    // Membership cards FD-0001 and on, once every customer is registered (server/seed/entry.ts).
    await seedCardNumbers(tx, active.id);
  });
};

/** The demo data set, as of `now` (the injected clock in tests; the wall clock for `npm start`). */
export const seedDemo = async (
  db: Db,
  members: MemberRepository,
  storage: FileStorage,
  now: Date = new Date(),
): Promise<Login[]> => {
  const ids = await seedAccounts(db, members);
  await seedFacilities(db, storage, ids, now);
  return DEMO_ACCOUNTS.map(({ role, userId, password }) => ({ role, userId, password }));
};

/**
 * Makes sure a platform operator exists (docs/architecture.md#configuration): from
 * ADMIN_USER_ID/ADMIN_PASSWORD, or with a generated password that is shown this once. Returns the login to
 * print, or undefined when one already existed.
 */
export const bootstrapSuperadmin = async (
  members: MemberRepository,
  admin?: { userId: string; password: string },
): Promise<Login | undefined> => {
  if (await members.hasSuperadmin()) return undefined;
  const userId = admin?.userId ?? 'superadmin';
  const password = admin?.password ?? `${randomBytes(12).toString('base64url')}9a`;
  if (await members.userIdExists(userId)) {
    // Another process may have made the operator since the first check (docs/operations.md#several-processes).
    if (await members.hasSuperadmin()) return undefined;
    throw new Error(`Cannot create the SUPERADMIN: the user id "${userId}" is taken by another account.`);
  }
  try {
    await members.create({
      userId,
      passwordHash: await hashPassword(password),
      name: 'Platform operator',
      phone: '00000000000',
      authCode: 'SUPERADMIN',
    });
  } catch (error) {
    // Two processes starting on one new PostgreSQL (docs/operations.md#several-processes): the other one made the
    // operator between the check above and this insert. Its login is the one printed; this process goes on.
    if (isUniqueViolation(error) && (await members.hasSuperadmin())) return undefined;
    throw error;
  }
  return { role: 'platform operator (SUPERADMIN)', userId, password: admin ? undefined : password };
};
