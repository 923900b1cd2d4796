import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { KioskWrapUp } from '#domain/schemas/consult-kiosk.ts';
import type { Executor } from '../../db/client.ts';
import { type ConsultKioskRow, type ConsultRow, gymMember, member } from '../../db/schema/index.ts';
import { unauthenticated } from '../../http/errors.ts';
import { toConsult } from './consult.mappers.ts';
import { productsOnSale, sha256, TOKEN_FORM } from './kiosk.queries.ts';

// What the tablet's staff window reads (docs/rules.md#consulting): whose window a token opens, and what the wrap-up
// draws.

/**
 * The staff member whose window this token opens on this tablet, or 401 `kioskStaffRequired`: a missing, unknown,
 * ended or expired window reaches nothing. The comparison is of hashes, so its time says nothing of the token.
 */
export const staffOfWindow = (kiosk: ConsultKioskRow, token: string | undefined, now: Date): number => {
  if (
    !token ||
    !TOKEN_FORM.test(token) ||
    kiosk.staffMemberId === null ||
    kiosk.staffTokenHash !== sha256(token) ||
    kiosk.staffUntil === null ||
    kiosk.staffUntil.getTime() <= now.getTime()
  )
    throw unauthenticated('kioskStaffRequired');
  return kiosk.staffMemberId;
};

/** The staff member's name and account state, for the window's answer and its check. */
export const staffMember = async (db: Executor, memberId: number) => {
  const [row] = await db
    .select({ id: member.id, name: member.name, status: member.status })
    .from(member)
    .where(eq(member.id, memberId));
  return row ?? null;
};

/** The facility's staff (ACTIVE links with a permission set), as the wrap-up's and the sale's pickers list them. */
export const staffOptions = async (db: Executor, gymId: number) =>
  db
    .select({ memberId: member.id, name: member.name })
    .from(gymMember)
    .innerJoin(member, eq(member.id, gymMember.memberId))
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.status, 'ACTIVE'), isNotNull(gymMember.gymAuthId)))
    .orderBy(asc(member.name))
    .limit(100);

/** What the wrap-up at the tablet draws for one consult. */
export const wrapUpView = async (db: Executor, row: ConsultRow, now: Date): Promise<KioskWrapUp> => ({
  consult: toConsult(row),
  staff: await staffOptions(db, row.gymId),
  products: await productsOnSale(db, row.gymId, now),
});
