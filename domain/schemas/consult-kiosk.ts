import { z } from 'zod';
import { consultSchema, kioskProductSchema } from './consult.ts';
import { sellBodySchema } from './pass.ts';
import { text } from './text.ts';

// The consulting tablet's staff steps (docs/rules.md#consulting): a staff member signs in at the tablet with their
// sign-in id and password, which opens a short staff window for the result, the wrap-up and the sale. The tablet
// never holds a staff session.

/** A staff member's sign-in id and password at the tablet: opening a staff window, or closing the tablet. */
export const kioskStaffSignInSchema = z
  .strictObject({
    userId: text({ min: 1, max: 50 }),
    password: z.string().min(1, 'required').max(200),
  })
  .meta({ id: 'KioskStaffSignIn' });

/** A staff window: its token (sent in `x-kiosk-staff`), its end, who it is and what they may do in it. */
export const kioskStaffWindowSchema = z
  .object({
    staffToken: z.string(),
    expiresAt: z.string(),
    memberId: z.number().int(),
    name: z.string(),
    /** consultSettingYn: the call and the wrap-up. */
    mayWrapUp: z.boolean(),
    /** memberSettingYn as well: the customer and the sale. */
    maySell: z.boolean(),
  })
  .meta({ id: 'KioskStaffWindow' });
export type KioskStaffWindow = z.output<typeof kioskStaffWindowSchema>;

/** What the staff wrap-up at the tablet draws: the consult, the facility's staff to pick from, the products on sale. */
export const kioskWrapUpSchema = z
  .object({
    consult: consultSchema,
    staff: z.array(z.object({ memberId: z.number().int(), name: z.string() })),
    products: z.array(kioskProductSchema),
  })
  .meta({ id: 'KioskWrapUp' });
export type KioskWrapUp = z.output<typeof kioskWrapUpSchema>;

/** Selling a pass at the tablet: to the consult's own customer only, so neither the facility nor the buyer is sent. */
export const kioskSellSchema = sellBodySchema
  .omit({ gymId: true, memberId: true })
  .meta({ id: 'KioskPassSale' });

export const kioskSoldSchema = z
  .object({ issueId: z.number().int(), customerId: z.number().int() })
  .meta({ id: 'KioskPassSold' });
