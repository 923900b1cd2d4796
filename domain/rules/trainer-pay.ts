// Trainer pay (docs/rules.md#trainer-pay). Pure: the pay report on the server and the screens' previews call these.
// Trainers are paid from what was earned (docs/rules.md#revenue-recognition): a session used of a pass, or a group
// class held. A lesson the facility cancelled was not held and pays nothing.

/** PT pay: a fixed amount per session, or a percent of the pass's per-session value. */
export const payKinds = ['PER_SESSION', 'PERCENT'] as const;
export type PayKind = (typeof payKinds)[number];

/**
 * Group pay: a fixed amount per class held, or an amount per attendee with a minimum head count paid (a class of
 * 2 with a minimum of 4 pays 4 × the amount).
 */
export const groupPayKinds = ['PER_CLASS', 'PER_ATTENDEE'] as const;
export type GroupPayKind = (typeof groupPayKinds)[number];

/** The rule a line of the pay report used: the PT rules, the group rules, or the group minimum. */
export const payLineRules = ['PER_SESSION', 'PERCENT', 'PER_CLASS', 'PER_ATTENDEE', 'MINIMUM'] as const;
export type PayLineRule = (typeof payLineRules)[number];

/** The most heads a group minimum may guarantee (a lesson holds at most 500). */
export const MAX_GROUP_MINIMUM = 500;

export type PaidSession = {
  /** The pass's price and session count (a period pass without sessions has no per-session value). */
  passPrice: number;
  passSessions: number | null;
  /**
   * The part of the price that buys the sessions, for a bundle (a period with sessions, "3개월 + PT 30회"); null
   * for a pass whose whole price buys its sessions.
   */
  passSessionValue?: number | null;
};

/**
 * The value of a sold bundle's sessions: the product's stated session value, scaled to the price agreed (a
 * discount lowers both parts alike), rounded down, never above the price. Null when the product states none.
 */
export const bundleSessionValue = (
  productSessionValue: number | null,
  listPrice: number,
  price: number,
): number | null => {
  if (productSessionValue === null) return null;
  if (listPrice <= 0) return Math.min(productSessionValue, price);
  return Math.min(Math.floor((productSessionValue * price) / listPrice), price);
};

/** What one session of the pass is worth, unrounded: the session value (or the price) ÷ the sessions. */
export const perSessionValue = (session: PaidSession): number | null => {
  if (!session.passSessions) return null;
  return (session.passSessionValue ?? session.passPrice) / session.passSessions;
};

/** One PT session's pay in won, rounded down (docs/rules.md#trainer-pay). */
export const sessionPay = (kind: PayKind, rate: number, session: PaidSession): number => {
  if (kind === 'PER_SESSION') return rate;
  if (!session.passSessions) return 0;
  const value = session.passSessionValue ?? session.passPrice;
  return Math.floor((value * rate) / (session.passSessions * 100));
};

/** A month of PT sessions: each attended or charged session × the rate (docs/rules.md#trainer-pay). */
export const monthPay = (kind: PayKind, rate: number, sessions: readonly PaidSession[]): number =>
  sessions.reduce((total, s) => total + sessionPay(kind, rate, s), 0);

export type GroupPay = { kind: GroupPayKind; rate: number; minAttendees: number };

/**
 * One group class's pay (docs/rules.md#trainer-pay). `counted` is its bookings that were attended or used a
 * session; a class nobody came to was not held and pays nothing, as a cancelled one.
 */
export const groupClassPay = (
  rule: GroupPay,
  counted: number,
  cancelled = false,
): { pay: number; rule: PayLineRule; paidHeads: number } => {
  if (cancelled || counted <= 0) return { pay: 0, rule: rule.kind, paidHeads: 0 };
  if (rule.kind === 'PER_CLASS') return { pay: rule.rate, rule: 'PER_CLASS', paidHeads: counted };
  const heads = Math.max(counted, rule.minAttendees);
  return { pay: rule.rate * heads, rule: heads > counted ? 'MINIMUM' : 'PER_ATTENDEE', paidHeads: heads };
};

export type PaidLesson = {
  lessonType: 'GROUP' | 'PT';
  /** Cancelled by the facility: not held, so nothing is paid. */
  cancelled: boolean;
  /** Its bookings that were attended or used a session (a charged no-show or late cancel). */
  sessions: readonly PaidSession[];
};

export type PaySettings = { payKind: PayKind; payRate: number; group: GroupPay };

/** A month's pay: PT sessions by the PT rule, group classes by the group rule, cancelled lessons nothing. */
export const trainerMonthPay = (settings: PaySettings, lessons: readonly PaidLesson[]): number =>
  lessons.reduce((total, l) => {
    if (l.cancelled) return total;
    if (l.lessonType === 'GROUP') return total + groupClassPay(settings.group, l.sessions.length).pay;
    return total + monthPay(settings.payKind, settings.payRate, l.sessions);
  }, 0);
