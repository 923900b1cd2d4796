import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password.ts';
import { createGymWithOwner } from '../modules/gym/gym.service.ts';
import type { MemberRepository } from '../modules/member/member.repository.ts';
import type { Db } from './client.ts';
import {
  consult,
  gym,
  gymAuth,
  gymAuthMember,
  gymMember,
  gymSubService,
  subService,
} from './schema/index.ts';

export type Login = { role: string; userId: string; password?: string };

/** The demo data set (DESIGN §1). Later issues add members, passes and the rest to it. */
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
    role: 'worker awaiting approval',
    userId: 'newbie',
    password: 'newbie1234',
    name: '최신입',
    phone: '01077778888',
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
  businessNo: '220-81-62517',
  representName: '김대표',
  businessForm: 'INDIVIDUAL' as const,
  businessType: '서비스업',
  businessField: '체력단련장',
  postNo: '06236',
  address: '서울특별시 강남구 테헤란로 152',
  addressDetail: '3층',
  gymStatus: 'WAIT' as const,
};

const seedAccounts = async (members: MemberRepository) => {
  const ids: Record<string, number> = {};
  for (const account of DEMO_ACCOUNTS) {
    const existing = await members.findByUserId(account.userId);
    const row =
      existing ??
      (await members.create({
        userId: account.userId,
        passwordHash: await hashPassword(account.password),
        name: account.name,
        phone: account.phone,
        authCode: account.authCode,
      }));
    ids[account.userId] = row.id;
  }
  return ids;
};

/** Two facilities (one verified, one draft), staff on different permission sets, add-ons and consultations. */
const seedFacilities = async (db: Db, ids: Record<string, number>) => {
  const [already] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(eq(gymMember.memberId, ids.demo!))
    .limit(1);
  if (already) return;
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const active = await createGymWithOwner(tx, ids.demo!, DEMO_ACTIVE_GYM);
    await tx.update(gym).set({ gymStatus: 'ACTIVE' }).where(eq(gym.id, active.id));
    await createGymWithOwner(tx, ids.demo!, {
      name: '핏데스크 판교점 (준비 중)',
      businessForm: 'INDIVIDUAL',
      gymStatus: 'WAIT',
    });
    // A submission from another owner, so the operator's review queue has something in it.
    await createGymWithOwner(tx, ids.owner2!, {
      ...DEMO_ACTIVE_GYM,
      name: '바디핏 분당점',
      businessNo: '214-86-18758',
      representName: '정대표',
      address: '경기도 성남시 분당구 판교역로 235',
      addressDetail: '2층',
      postNo: '13494',
      gymStatus: 'REQUEST',
    });

    const [trainer] = await tx
      .insert(gymAuth)
      .values({
        gymId: active.id,
        name: '트레이너',
        memberUseYn: true,
        consultUseYn: true,
        subServiceUseYn: true,
      })
      .returning();
    const [desk] = await tx
      .insert(gymAuth)
      .values({
        gymId: active.id,
        name: '프런트',
        consultUseYn: true,
        consultSettingYn: true,
        payHistoryUseYn: true,
      })
      .returning();
    for (const [userId, set] of [
      ['staff', trainer!],
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

    const services = await tx.select().from(subService);
    const byType = new Map(services.map((s) => [s.gymSubServiceType, s.id]));
    await tx.insert(gymSubService).values([
      { gymId: active.id, subServiceId: byType.get('CONSULT')!, gymSubServiceStatus: 'APPROVE' },
      { gymId: active.id, subServiceId: byType.get('LOCKER')!, gymSubServiceStatus: 'APPROVE' },
      { gymId: active.id, subServiceId: byType.get('MESSAGE')!, gymSubServiceStatus: 'WAIT' },
    ]);
    await tx.insert(consult).values([
      {
        gymId: active.id,
        personKind: 'NONMEMBER',
        name: '정상담',
        phone: '01011112222',
        content: 'PT 10회 가격 문의',
        consultDate: '2026-11-18',
      },
      {
        gymId: active.id,
        personKind: 'MEMBER',
        name: '한회원',
        phone: '01033334444',
        content: '락커 연장 문의',
        status: 'COMPLETE',
        consultDate: '2026-11-19',
      },
      {
        gymId: active.id,
        personKind: 'NONMEMBER',
        name: '윤방문',
        phone: '01055556666',
        content: '오전 그룹 수업 체험',
        consultDate: '2026-11-21',
      },
    ]);
  });
};

export const seedDemo = async (db: Db, members: MemberRepository): Promise<Login[]> => {
  const ids = await seedAccounts(members);
  await seedFacilities(db, ids);
  return DEMO_ACCOUNTS.map(({ role, userId, password }) => ({ role, userId, password }));
};

/**
 * Makes sure a platform operator exists (DESIGN §2): from ADMIN_USER_ID/ADMIN_PASSWORD, or with a generated
 * password that is shown this once. Returns the login to print, or undefined when one already existed.
 */
export const bootstrapSuperadmin = async (
  members: MemberRepository,
  admin?: { userId: string; password: string },
): Promise<Login | undefined> => {
  if (await members.hasSuperadmin()) return undefined;
  const userId = admin?.userId ?? 'superadmin';
  const password = admin?.password ?? `${randomBytes(12).toString('base64url')}9a`;
  if (await members.userIdExists(userId)) {
    throw new Error(`Cannot create the SUPERADMIN: the user id "${userId}" is taken by another account.`);
  }
  await members.create({
    userId,
    passwordHash: await hashPassword(password),
    name: 'Platform operator',
    phone: '00000000000',
    authCode: 'SUPERADMIN',
  });
  return { role: 'platform operator (SUPERADMIN)', userId, password: admin ? undefined : password };
};
