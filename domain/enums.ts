// String-literal unions and their value lists (docs/rules.md#state-machines). Labels live in the locale files
// under enums.*.

export const authCodes = ['SUPERADMIN', 'ADMIN', 'MEMBER'] as const;
export type AuthCode = (typeof authCodes)[number];

/** Account kinds a visitor may create through join; SUPERADMIN is only ever bootstrapped. */
export const joinAuthCodes = ['ADMIN', 'MEMBER'] as const;
export type JoinAuthCode = (typeof joinAuthCodes)[number];

export const genders = ['MALE', 'FEMALE', 'NONE'] as const;
export type Gender = (typeof genders)[number];

export const memberStatuses = ['ACTIVE', 'STOP', 'QUIT'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const gymStatuses = ['WAIT', 'REQUEST', 'ACTIVE', 'INACTIVE', 'QUIT'] as const;
export type GymStatus = (typeof gymStatuses)[number];

export const gymMemberStatuses = ['WAIT', 'ACTIVE', 'INACTIVE', 'QUIT'] as const;
export type GymMemberStatus = (typeof gymMemberStatuses)[number];

export const uploadTypes = ['INBODY', 'TICKET', 'TRAINER', 'ETC'] as const;
export type UploadType = (typeof uploadTypes)[number];

/**
 * What "the notice bot" (docs/rules.md#notifications) tells a representative about the operator's decisions.
 */
export const notificationKinds = [
  'GYM_APPROVED',
  'GYM_REJECTED',
  'SUB_SERVICE_APPROVED',
  'SUB_SERVICE_DENIED',
  'CONSULT_WAITING',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const subServiceTypes = [
  'MESSAGE',
  'CONSULT',
  'CONTRACT',
  'ENTER',
  'EXERCISE',
  'NUTRITION',
  'APP',
  'LOCKER',
] as const;
export type SubServiceType = (typeof subServiceTypes)[number];

export const goals = ['WEIGHT_LOSS', 'WEIGHT_GAIN', 'STRENGTH', 'MAINTENANCE'] as const;
export type Goal = (typeof goals)[number];

export const languages = ['en', 'ko'] as const;
export type Language = (typeof languages)[number];

export const businessForms = ['INDIVIDUAL', 'CORPORATE'] as const;
export type BusinessForm = (typeof businessForms)[number];

export const gymSubServiceStatuses = ['WAIT', 'APPROVE', 'DENY', 'CANCEL'] as const;
export type GymSubServiceStatus = (typeof gymSubServiceStatuses)[number];

export const personKinds = ['MEMBER', 'NONMEMBER', 'TRAINER', 'CONSULT'] as const;
export type PersonKind = (typeof personKinds)[number];

/** A consultation on the tablet (docs/rules.md#consulting): waiting for staff, with staff, finished. */
export const consultStatuses = ['WAIT', 'CONSULTING', 'COMPLETE'] as const;
export type ConsultStatus = (typeof consultStatuses)[number];

/** How a consultation ended (docs/rules.md#consulting). */
export const consultOutcomes = ['REGISTERED', 'FOLLOW_UP', 'LOST'] as const;
export type ConsultOutcome = (typeof consultOutcomes)[number];

/** The lead pipeline at /crm (docs/rules.md#consulting). */
export const leadStages = ['NEW', 'CONSULTED', 'TRIAL', 'REGISTERED', 'LOST'] as const;
export type LeadStage = (typeof leadStages)[number];

/** Why a prospect did not join, from a list plus free text. */
export const lostReasons = [
  'PRICE',
  'SCHEDULE',
  'DISTANCE',
  'FACILITY',
  'COMPETITOR',
  'NO_RESPONSE',
  'OTHER',
] as const;
export type LostReason = (typeof lostReasons)[number];

/** How the consultation came about. */
export const consultChannels = ['WALK_IN', 'PHONE', 'REVISIT'] as const;
export type ConsultChannel = (typeof consultChannels)[number];

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** A pass product's sale state (docs/rules.md#passes). */
export const ticketSaleStates = ['ACTIVE', 'INACTIVE'] as const;
export type TicketSaleState = (typeof ticketSaleStates)[number];

/** The pass-product list's tabs: products on sale, and passes in use. */
export const ticketKinds = ['SALE', 'USING'] as const;
export type TicketKind = (typeof ticketKinds)[number];

/** The pass-product list's price sort. */
export const priceSorts = ['SALEPRICE', 'ORIGINPRICE', 'TICKETNAME'] as const;
export type PriceSort = (typeof priceSorts)[number];

/** A sold pass as the API states it: FIN (paid, in force), WAIT (on hold today), REFUND. */
export const ticketIssueStatuses = ['FIN', 'WAIT', 'REFUND'] as const;
export type TicketIssueStatus = (typeof ticketIssueStatuses)[number];

/** What a usage-ledger row records (docs/rules.md#usage-ledger). */
export const usageKinds = ['ENTRY', 'ATTEND', 'NOSHOW', 'ADJUST', 'REFUND'] as const;
export type UsageKind = (typeof usageKinds)[number];

export const saleItemTypes = ['PASS', 'TRANSFER_FEE', 'PRODUCT', 'LOCKER'] as const;
export type SaleItemType = (typeof saleItemTypes)[number];

export const paymentMethods = ['CARD', 'CASH', 'TRANSFER'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** One act of paying (docs/rules.md#money): the desk, a collection, a payment request, a pass or locker screen. */
export const checkoutKinds = ['DESK', 'COLLECT', 'REQUEST', 'PASS', 'LOCKER', 'TRANSFER'] as const;
export type CheckoutKind = (typeof checkoutKinds)[number];

/** A change to what a sale is owed (docs/rules.md#money): a write-off of a balance, or a price correction. */
export const saleAdjustmentKinds = ['WRITE_OFF', 'CORRECTION'] as const;
export type SaleAdjustmentKind = (typeof saleAdjustmentKinds)[number];

/** How a price carries VAT (docs/rules.md#vat): included in the price, or exempt. */
export const vatModes = ['INCLUDED', 'EXEMPT'] as const;
export type VatMode = (typeof vatModes)[number];

/** Why a product's stock moved (docs/rules.md#products). */
export const stockMovementKinds = ['SALE', 'ADJUST'] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

/** A promotion's discount: a percent of the price, or an amount in won. */
export const promotionKinds = ['PERCENT', 'AMOUNT'] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/** What a promotion applies to: pass products (`ticket`) or desk products (`product`). */
export const promotionTargetTypes = ['PASS', 'PRODUCT'] as const;
export type PromotionTargetType = (typeof promotionTargetTypes)[number];

/** A cash receipt's purpose (docs/rules.md#cash-receipts). */
export const cashReceiptPurposes = ['INCOME_DEDUCTION', 'EXPENSE_PROOF'] as const;
export type CashReceiptPurpose = (typeof cashReceiptPurposes)[number];

/** How a cash receipt names its holder: a mobile number, a cash-receipt card, or a business number. */
export const cashReceiptIdentifierTypes = ['PHONE', 'CARD', 'BUSINESS'] as const;
export type CashReceiptIdentifierType = (typeof cashReceiptIdentifierTypes)[number];

/** A cash receipt or tax invoice: issued, or cancelled with a reason. */
export const receiptStatuses = ['ISSUED', 'CANCELLED'] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];

/**
 * A payment request's stored state (docs/rules.md#payment-requests): FIN (sent, open), WAIT (the customer says
 * the transfer is made; staff confirm), APPROVE (paid). EXPIRED is derived from the expiry time; a revoked link
 * reads as EXPIRED too.
 */
export const payRequestStatuses = ['FIN', 'WAIT', 'APPROVE', 'EXPIRED'] as const;
export type PayRequestStatus = (typeof payRequestStatuses)[number];
