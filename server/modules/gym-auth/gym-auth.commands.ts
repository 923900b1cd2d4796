import { and, eq, type InferInsertModel, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gymAuth, gymAuthMember, gymMember } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { type GymAuthMemberRow, type GymAuthRow, isRepresentSet } from './gym-auth.queries.ts';
import { refused } from './gym-auth.refusals.ts';

// The permission sets' writes (docs/rules.md#permissions): sets made and deleted, the default moved, a member's set
// assigned or taken away. Each takes the caller's transaction.

/** Moving the default: the facility keeps exactly one default set (the partial unique index agrees). */
export const clearOtherDefaults = (tx: Executor, gymId: number, keepId?: number) =>
  tx
    .update(gymAuth)
    .set({ defaultYn: false })
    .where(
      and(eq(gymAuth.gymId, gymId), eq(gymAuth.defaultYn, true), ...(keepId ? [ne(gymAuth.id, keepId)] : [])),
    );

/** A new permission set; never a second representative set (docs/rules.md#permissions). */
export const createAuthSet = async (tx: Executor, values: InferInsertModel<typeof gymAuth>) => {
  if (values.defaultYn) await clearOtherDefaults(tx, values.gymId);
  const [row] = await tx
    .insert(gymAuth)
    .values({ ...values, representYn: false })
    .returning();
  return row!;
};

/** Deletes a set nobody active holds; links that have left keep no hold on it. */
export const deleteAuthSet = async (tx: Executor, set: GymAuthRow) => {
  if (set.representYn) throw refused('representSetProtected');
  if (set.defaultYn) throw refused('defaultRequired');
  const [used] = await tx
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(and(eq(gymMember.gymAuthId, set.id), ne(gymMember.status, 'QUIT')))
    .limit(1);
  if (used) throw refused('authInUse');
  await tx.update(gymMember).set({ gymAuthId: null }).where(eq(gymMember.gymAuthId, set.id));
  await tx.delete(gymAuthMember).where(eq(gymAuthMember.gymAuthId, set.id));
  await tx.delete(gymAuth).where(eq(gymAuth.id, set.id));
};

/** Keeps gym_auth_member and the staff link's gymAuthId saying the same thing. */
export const assignAuth = async (
  tx: Executor,
  gymId: number,
  memberId: number,
  gymAuthId: number,
  now: Date,
): Promise<GymAuthMemberRow> => {
  const [link] = await tx
    .select({ id: gymMember.id, gymAuthId: gymMember.gymAuthId })
    .from(gymMember)
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId)))
    .limit(1);
  if (!link) throw notFound();
  const [current] = await tx
    .select({ gymAuthId: gymAuth.id, representYn: gymAuth.representYn })
    .from(gymAuth)
    .where(eq(gymAuth.id, link.gymAuthId ?? -1))
    .limit(1);
  if (current?.representYn && current.gymAuthId !== gymAuthId) throw refused('representLinkProtected');
  const [target] = await tx
    .select({ representYn: gymAuth.representYn })
    .from(gymAuth)
    .where(eq(gymAuth.id, gymAuthId));
  if (target?.representYn && !current?.representYn) throw refused('representSetProtected');
  await tx.update(gymMember).set({ gymAuthId, modifiedDate: now }).where(eq(gymMember.id, link.id));
  const [existing] = await tx
    .select({ id: gymAuthMember.id })
    .from(gymAuthMember)
    .where(and(eq(gymAuthMember.gymId, gymId), eq(gymAuthMember.memberId, memberId)))
    .limit(1);
  if (existing) {
    const [row] = await tx
      .update(gymAuthMember)
      .set({ gymAuthId })
      .where(eq(gymAuthMember.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await tx.insert(gymAuthMember).values({ gymId, memberId, gymAuthId }).returning();
  return row!;
};

/** Takes a member's set away: the assignment goes, the staff link keeps no set. Never the representative's. */
export const unassignAuth = async (tx: Executor, assignment: GymAuthMemberRow) => {
  if (await isRepresentSet(tx, assignment.gymAuthId)) throw refused('representLinkProtected');
  await tx
    .update(gymMember)
    .set({ gymAuthId: null })
    .where(and(eq(gymMember.gymId, assignment.gymId), eq(gymMember.memberId, assignment.memberId)));
  await tx.delete(gymAuthMember).where(eq(gymAuthMember.id, assignment.id));
};
