import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ConsultKioskRow, consultKiosk } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { newToken, sha256 } from './kiosk.queries.ts';

// The consulting tablet's staff window (docs/rules.md#consulting): a staff member signs in at the tablet with their
// sign-in id and password, and the tablet gets a second token, good for a few minutes, that lets the staff steps
// (the result for staff, the wrap-up, the customer and the sale) act as that staff member. The tablet never holds
// a session; each step checks the staff member's rights in the tablet's facility again.

/** How long a staff window lasts: one wrap-up with a sale, not a shift. */
export const KIOSK_STAFF_TTL_MS = 10 * 60_000;

/** Opens (or replaces) the tablet's staff window for the staff member acting, audited in their name. */
export const openStaffWindow = async (
  tx: Executor,
  actor: Actor & { memberId: number },
  kiosk: ConsultKioskRow,
) => {
  const staffToken = newToken();
  const until = new Date(actor.now.getTime() + KIOSK_STAFF_TTL_MS);
  await tx
    .update(consultKiosk)
    .set({ staffMemberId: actor.memberId, staffTokenHash: sha256(staffToken), staffUntil: until })
    .where(eq(consultKiosk.id, kiosk.id));
  const window = { staffToken, expiresAt: until.toISOString() };
  await audited(tx, actor, {
    gymId: kiosk.gymId,
    action: 'consult.kiosk-staff',
    entity: 'consult-kiosk',
    entityId: kiosk.id,
    after: { until: window.expiresAt },
  });
  return window;
};

/** Ends the tablet's staff window: its token reaches nothing after. */
export const endStaffWindow = (db: Executor, kioskId: number) =>
  db
    .update(consultKiosk)
    .set({ staffMemberId: null, staffTokenHash: null, staffUntil: null })
    .where(eq(consultKiosk.id, kioskId));

/** Closes the tablet: neither its token nor its staff window reaches anything after. Audited in the closer's name. */
export const closeKiosk = async (tx: Executor, actor: Actor, kiosk: ConsultKioskRow) => {
  await tx
    .update(consultKiosk)
    .set({ closedAt: actor.now, staffMemberId: null, staffTokenHash: null, staffUntil: null })
    .where(eq(consultKiosk.id, kiosk.id));
  await audited(tx, actor, {
    gymId: kiosk.gymId,
    action: 'consult.kiosk-close',
    entity: 'consult-kiosk',
    entityId: kiosk.id,
  });
};
