import type { Language } from '#domain/enums.ts';
import { numberFormat } from '../../format.ts';

// Every figure of the pricing section (docs/rules.md#public-pages); the section renders this, so the figures
// live only here.

export type PlanId = 'free' | 'pro' | 'enterprise';
export type BillingCycle = 'monthly' | 'yearly';
export type Currency = 'USD' | 'KRW';

/** English shows dollars and Korean shows won (docs/rules.md#public-pages). */
export const CURRENCY_BY_LANGUAGE: Record<Language, Currency> = { en: 'USD', ko: 'KRW' };

export const BILLING_CYCLES: readonly BillingCycle[] = ['monthly', 'yearly'];

/** The saving advertised on yearly billing (docs/rules.md#public-pages). */
export const YEARLY_SAVING_PERCENT = 20;

/** The Free plan's trial of the Pro features (docs/rules.md#public-pages). */
export const TRIAL_DAYS = 14;

/** Feature lines of a plan: i18n keys under pricing.features. */
export type PlanFeature =
  | 'everythingInFree'
  | 'everythingInPro'
  | 'memberProfiles'
  | 'smartScheduling'
  | 'checkInQr'
  | 'checkInAll'
  | 'messaging'
  | 'dietAndMeals'
  | 'nutritionAnalysis'
  | 'surveyBuilder'
  | 'reportsAndGoals'
  | 'receiptsAndInvoices'
  | 'multipleFacilities'
  | 'prioritySupport';

export type Plan = {
  id: PlanId;
  prices: Record<Currency, Record<BillingCycle, number>>;
  /** How many trainers the plan allows; null means no limit. */
  trainerLimit: number | null;
  /** Monthly uptime promised, in percent; null means no SLA. */
  slaPercent: number | null;
  /** Days of free trial, when the plan starts with one. */
  trialDays: number | null;
  features: readonly PlanFeature[];
  /** Where the plan's button goes: sign-up, or a mail to sales. */
  action: 'join' | 'contact';
  highlighted: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    prices: { USD: { monthly: 0, yearly: 0 }, KRW: { monthly: 0, yearly: 0 } },
    trainerLimit: 2,
    slaPercent: null,
    trialDays: TRIAL_DAYS,
    features: ['memberProfiles', 'smartScheduling', 'checkInQr'],
    action: 'join',
    highlighted: false,
  },
  {
    id: 'pro',
    prices: { USD: { monthly: 77, yearly: 636 }, KRW: { monthly: 106_800, yearly: 890_000 } },
    trainerLimit: 20,
    slaPercent: 99.9,
    trialDays: null,
    features: [
      'everythingInFree',
      'messaging',
      'dietAndMeals',
      'nutritionAnalysis',
      'surveyBuilder',
      'reportsAndGoals',
      'receiptsAndInvoices',
    ],
    action: 'join',
    highlighted: true,
  },
  {
    id: 'enterprise',
    prices: { USD: { monthly: 95, yearly: 786 }, KRW: { monthly: 132_000, yearly: 1_100_000 } },
    trainerLimit: null,
    slaPercent: 99.99,
    trialDays: null,
    features: ['everythingInPro', 'checkInAll', 'multipleFacilities', 'prioritySupport'],
    action: 'contact',
    highlighted: false,
  },
];

/** A price as the language writes it: $77, ₩106,800. */
export const formatPrice = (amount: number, language: Language): string =>
  numberFormat(language, {
    style: 'currency',
    currency: CURRENCY_BY_LANGUAGE[language],
    maximumFractionDigits: 0,
  }).format(amount);

export const priceOf = (plan: Plan, cycle: BillingCycle, language: Language): number =>
  plan.prices[CURRENCY_BY_LANGUAGE[language]][cycle];
