import { z } from 'zod';
import { payRequestStatuses } from '../enums.ts';
import { LINE_MAX } from '../rules/money.ts';
import { idSchema, isoDateTime } from './common.ts';

// Payment requests (docs/rules.md#payment-requests): a link to `/pay/req` for one sale's balance.

export const payRequestStatusSchema = z.enum(payRequestStatuses);

/** Staff: send a request for a sale's balance (`amount` defaults to what is owed, never more). */
export const payRequestCreateSchema = z
  .strictObject({
    gymId: idSchema,
    saleId: idSchema,
    // docs/rules.md#money-limits: never more than a sale owes, so never more than a line.
    amount: z.number().int('wholeWon').min(1, 'positiveAmount').max(LINE_MAX, 'tooLarge').optional(),
  })
  .meta({ id: 'PayRequestCreate' });
export type PayRequestCreate = z.output<typeof payRequestCreateSchema>;

/** What staff get back from a create: the link itself (only shown once: the server keeps its hash only). */
export const payRequestCreatedSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    expiresAt: isoDateTime,
    status: payRequestStatusSchema,
    /** Whether a text went to the customer through the outbox (a customer without a phone gets none). */
    sent: z.boolean(),
  })
  .meta({ id: 'PayRequestCreated' });
export type PayRequestCreated = z.output<typeof payRequestCreatedSchema>;

/** One request as staff see it (derived status: FIN, WAIT, APPROVE, EXPIRED; a revoked one has `revokedAt`). */
export const payRequestSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    saleId: z.number().int(),
    memberId: z.number().int(),
    memberName: z.string(),
    itemName: z.string(),
    amount: z.number().int(),
    status: payRequestStatusSchema,
    revokedAt: isoDateTime.nullable(),
    expiresAt: isoDateTime,
    method: z.enum(['CARD', 'CASH', 'TRANSFER']).nullable(),
    reference: z.string(),
    depositorName: z.string().nullable(),
    claimedAt: isoDateTime.nullable(),
    paidAt: isoDateTime.nullable(),
    checkoutId: z.number().int().nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'PayRequest' });
export type PayRequest = z.output<typeof payRequestSchema>;

export const payRequestListQuerySchema = z.strictObject({
  gymId: z.coerce.number().int().positive(),
  saleId: z.coerce.number().int().positive().optional(),
  _start: z.coerce.number().int().min(0).optional(),
  _end: z.coerce.number().int().min(0).optional(),
});

export const payRequestGymBodySchema = z.strictObject({ gymId: idSchema });

/**
 * The token as the customer's link carries it (43 base64url characters for 32 bytes). A missing or malformed one
 * is not a 400: it gets the same 404 `payRequestInvalid` as an unknown one.
 */
const tokenField = z.string().max(200).optional();

export const payRequestPublicQuerySchema = z.strictObject({ token: tokenField });

/** What the customer's page reads: nothing beyond this sale and the facility's account. */
export const payRequestPublicSchema = z
  .object({
    gymName: z.string(),
    /** The customer's first name only, masked (e.g. "길*"). */
    customerName: z.string(),
    itemName: z.string(),
    amount: z.number().int(),
    status: payRequestStatusSchema,
    /** FIN and the sale still owes the amount: the page offers the transfer and the card. */
    payable: z.boolean(),
    expiresAt: isoDateTime,
    reference: z.string(),
    transfer: z.object({ bank: z.string(), account: z.string(), holder: z.string() }).nullable(),
    depositorName: z.string().nullable(),
    paidAt: isoDateTime.nullable(),
    /** The card provider is the test-mode one: no real money moves. */
    testMode: z.boolean(),
  })
  .meta({ id: 'PayRequestPublic' });
export type PayRequestPublic = z.output<typeof payRequestPublicSchema>;

export const payRequestTransferSchema = z
  .strictObject({ token: tokenField, depositorName: z.string().trim().min(1).max(40) })
  .meta({ id: 'PayRequestTransfer' });

export const payRequestCardSchema = z.strictObject({ token: tokenField }).meta({ id: 'PayRequestCard' });
