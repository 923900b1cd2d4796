import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { KioskWrapUp } from '#domain/schemas/consult-kiosk.ts';
import type { Executor } from '../../db/client.ts';
import { type ConsultKioskRow, consultKiosk, gymMember, member } from '../../db/schema/index.ts';
import { unauthenticated } from '../../http/errors.ts';
import { newToken, productsOnSale, sha256, TOKEN_FORM, toConsult } from './consult.service.ts';

// The consulting tablet's staff window (docs/rules.md#consulting): a staff member signs in at the tablet with their
// sign-in id and password, and the tablet gets a second token, good for a few minutes, that lets the staff steps
// (the result for staff, the wrap-up, the customer and the sale) act as that staff member. The tablet never holds
// a session; each step checks the staff member's rights in the tablet's facility again.

/** How long a staff window lasts: one wrap-up with a sale, not a shift. */
export const KIOSK_STAFF_TTL_MS = 10 * 60_000;

/** Opens (or replaces) the tablet's staff window for this staff member. */
export const openStaffWindow = async (db: Executor, kioskId: number, memberId: number, now: Date) => {
  const staffToken = newToken();
  const until = new Date(now.getTime() + KIOSK_STAFF_TTL_MS);
  await db
    .update(consultKiosk)
    .set({ staffMemberId: memberId, staffTokenHash: sha256(staffToken), staffUntil: until })
    .where(eq(consultKiosk.id, kioskId));
  return { staffToken, expiresAt: until.toISOString() };
};

/** Ends the tablet's staff window: its token reaches nothing after. */
export const endStaffWindow = (db: Executor, kioskId: number) =>
  db
    .update(consultKiosk)
    .set({ staffMemberId: null, staffTokenHash: null, staffUntil: null })
    .where(eq(consultKiosk.id, kioskId));

/** Closes the tablet: neither its token nor its staff window reaches anything after. */
export const closeKiosk = (db: Executor, kioskId: number, now: Date) =>
  db
    .update(consultKiosk)
    .set({ closedAt: now, staffMemberId: null, staffTokenHash: null, staffUntil: null })
    .where(eq(consultKiosk.id, kioskId));

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
export const wrapUpView = async (
  db: Executor,
  row: Parameters<typeof toConsult>[0],
  now: Date,
): Promise<KioskWrapUp> => ({
  consult: toConsult(row),
  staff: await staffOptions(db, row.gymId),
  products: await productsOnSale(db, row.gymId, now),
});
