import { eq, sql } from 'drizzle-orm';
import type { AuthCode } from '#domain/enums.ts';
import { normalizeUserId } from '#domain/rules/account.ts';
import type { Member, MemberProfileUpdate } from '#domain/schemas/member.ts';
import type { Db } from '../../db/client.ts';
import { type MemberRow, member } from '../../db/schema/index.ts';

/** The API shape of a member: never the password hash. */
export const toMember = (row: MemberRow): Member => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  phone: row.phone,
  email: row.email,
  gender: row.gender,
  birthDate: row.birthDate,
  image: row.image,
  authCode: row.authCode,
  status: row.status,
  stopStartDate: row.stopStartDate,
  stopEndDate: row.stopEndDate,
  createDate: row.createDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

export type NewMember = {
  userId: string;
  passwordHash: string;
  name: string;
  phone: string;
  email?: string | null;
  authCode: AuthCode;
};

const byUserId = (userId: string) => sql`lower(${member.userId}) = ${normalizeUserId(userId)}`;

export const createMemberRepository = (db: Db) => {
  const findById = db
    .select()
    .from(member)
    .where(eq(member.id, sql.placeholder('id')))
    .limit(1)
    .prepare('member_find_by_id');

  return {
    async findById(id: number): Promise<MemberRow | undefined> {
      const [row] = await findById.execute({ id });
      return row;
    },

    /** Case-insensitive, on the lower(user_id) unique index. */
    async findByUserId(userId: string): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(member).where(byUserId(userId)).limit(1);
      return row;
    },

    async userIdExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: member.id }).from(member).where(byUserId(userId)).limit(1);
      return row !== undefined;
    },

    async create(values: NewMember, tx: Db = db): Promise<MemberRow> {
      const [row] = await tx
        .insert(member)
        .values({ ...values, userId: values.userId.trim() })
        .returning();
      return row!;
    },

    async updateProfile(id: number, patch: MemberProfileUpdate): Promise<MemberRow> {
      const [row] = await db
        .update(member)
        .set({ ...patch, modifiedDate: new Date() })
        .where(eq(member.id, id))
        .returning();
      return row!;
    },

    async updatePasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.update(member).set({ passwordHash, modifiedDate: new Date() }).where(eq(member.id, id));
    },

    async hasSuperadmin(): Promise<boolean> {
      const [row] = await db
        .select({ id: member.id })
        .from(member)
        .where(eq(member.authCode, 'SUPERADMIN'))
        .limit(1);
      return row !== undefined;
    },
  };
};

export type MemberRepository = ReturnType<typeof createMemberRepository>;

export { isUniqueViolation } from '../../db/errors.ts';
