import { randomBytes } from 'node:crypto';
import { hashPassword } from '../modules/auth/password.ts';
import type { MemberRepository } from '../modules/member/member.repository.ts';

export type Login = { role: string; userId: string; password?: string };

/** The demo data set (DESIGN §1). Later issues add facilities, members and the rest to it. */
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
    role: 'worker (MEMBER)',
    userId: 'staff',
    password: 'staff1234',
    name: '이직원',
    phone: '01098765432',
    authCode: 'MEMBER',
  },
] as const;

export const seedDemo = async (members: MemberRepository): Promise<Login[]> => {
  for (const account of DEMO_ACCOUNTS) {
    if (await members.userIdExists(account.userId)) continue;
    await members.create({
      userId: account.userId,
      passwordHash: await hashPassword(account.password),
      name: account.name,
      phone: account.phone,
      authCode: account.authCode,
    });
  }
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
