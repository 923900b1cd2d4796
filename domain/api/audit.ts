import { z } from 'zod';
import { checkPage } from '../resources/define.ts';
import { isoDateTime } from '../schemas/common.ts';

/** The actions the audit log records (docs/rules.md#audit); the web app labels each through i18n. */
export const auditActions = [
  'gym.review.approve',
  'gym.review.reject',
  'gym.close',
  'gym-sub-service.review.approve',
  'gym-sub-service.review.deny',
  'gym-auth.create',
  'gym-auth.update',
  'gym-auth.delete',
  'gym-member.approve',
  'gym-member.set-change',
  'gym-member.suspend',
  'gym-member.update',
  'gym-member.remove',
  'gym-member.invite',
  'gym-member.accept',
  'gym-member.decline',
  'file.read',
  'customer.create',
  'customer.update',
  'customer.import',
  'customer.export',
  'customer.remove',
  'customer.erase',
  'ticket.create',
  'ticket.update',
  'ticket.delete',
  'pass.sell',
  'pass.hold',
  'pass.end-hold',
  'pass.transfer',
  'pass.adjust',
  'pass.collect',
  'pass.refund',
  'consult.create',
  'consult.update',
  'consult.delete',
  'consult.finish',
  'consult.stage',
  'consult.survey',
  'consult.kiosk-staff',
  'consult.kiosk-close',
  'booking-setting.update',
  'lesson.create',
  'lesson.update',
  'lesson.cancel',
  'reservation.book',
  'reservation.cancel',
  'reservation.attendance',
  'trainer.create',
  'trainer.update',
  'entry.override',
  'entry.export',
  'entry.qr-reissue',
  'entry-setting.update',
  'locker-room.create',
  'locker-room.update',
  'locker-room.delete',
  'locker-bank.create',
  'locker-bank.update',
  'locker-bank.delete',
  'locker.update',
  'locker.rent',
  'locker.renew',
  'locker.move',
  'locker.end',
  'backup.create',
  'checkout.create',
  'sale.collect',
  'sale.write-off',
  'sale.correct',
  'sales.export',
  'product.create',
  'product.update',
  'product.stock',
  'product.delete',
  'product-group.create',
  'product-group.update',
  'product-group.delete',
  'promotion.create',
  'promotion.update',
  'promotion.delete',
  'cash-receipt.issue',
  'cash-receipt.cancel',
  'tax-invoice.issue',
  'tax-invoice.cancel',
  'receipt.export',
  'expense.create',
  'expense.reverse',
  'expense-category.create',
  'expense-category.update',
  'message-send.create',
  'message-send.cancel',
  'message-consent.opt-out',
  'message-sender.create',
  'message-sender.resubmit',
  'message-sender.delete',
  'message-sender.review',
  'kakao-channel.connect',
  'kakao-channel.disconnect',
  'kakao-template.create',
  'kakao-template.update',
  'kakao-template.submit',
  'kakao-template.review',
  'message-auto.update',
  'message-consent.change',
  'message-platform.update',
  'message-credit.topup',
  'pay-request.create',
  'pay-request.revoke',
  'pay-request.claim',
  'pay-request.pay',
  'pay-request.confirm',
  'gym-setting.update',
] as const;
export type AuditAction = (typeof auditActions)[number];

const gymId = z.coerce.number().int().positive().max(2_147_483_647);

/** `GET /web/audit?gymId=`: a facility's audit log, newest first, paged like every list. */
export const auditListQuerySchema = z
  .strictObject({
    gymId,
    _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
    _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
  })
  .superRefine((q, issue) => {
    const start = q._start ?? 0;
    const end = q._end ?? start + 10;
    checkPage(start, end, issue);
  });

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int().nullable(),
    actorMemberId: z.number().int().nullable(),
    actorName: z.string().nullable(),
    actorUserId: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createDate: isoDateTime,
    requestId: z.string().nullable(),
    prevHash: z.string().nullable(),
    hash: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({ data: z.array(auditEntrySchema), total: z.number().int() });

/** `GET /web/audit/verify?gymId=`: the chain walked from its first row. */
export const auditVerifyQuerySchema = z.strictObject({ gymId });
export const auditVerifySchema = z
  .object({
    ok: z.boolean(),
    checked: z.number().int(),
    /** The first row whose hash or link to the previous row does not hold. */
    brokenAt: z.number().int().optional(),
  })
  .meta({ id: 'AuditVerify' });
export type AuditVerify = z.infer<typeof auditVerifySchema>;

export const auditPaths = { list: '/audit', verify: '/audit/verify' } as const;
