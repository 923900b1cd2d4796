import { describe, expect, it } from 'vitest';
import { formatPrice, PLANS, type PlanId, priceOf, TRIAL_DAYS, YEARLY_SAVING_PERCENT } from './plans.ts';

const plan = (id: PlanId) => PLANS.find((p) => p.id === id)!;

describe('plans (docs/rules.md#public-pages)', () => {
  it('has Free, Pro and Enterprise, in that order', () => {
    expect(PLANS.map((p) => p.id)).toEqual(['free', 'pro', 'enterprise']);
  });

  it('prices Pro and Enterprise in dollars for English', () => {
    expect(formatPrice(priceOf(plan('pro'), 'monthly', 'en'), 'en')).toBe('$77');
    expect(formatPrice(priceOf(plan('pro'), 'yearly', 'en'), 'en')).toBe('$636');
    expect(formatPrice(priceOf(plan('enterprise'), 'monthly', 'en'), 'en')).toBe('$95');
    expect(formatPrice(priceOf(plan('enterprise'), 'yearly', 'en'), 'en')).toBe('$786');
  });

  it('prices Pro and Enterprise in won with thousands separators for Korean', () => {
    expect(formatPrice(priceOf(plan('pro'), 'monthly', 'ko'), 'ko')).toBe('₩106,800');
    expect(formatPrice(priceOf(plan('pro'), 'yearly', 'ko'), 'ko')).toBe('₩890,000');
    expect(formatPrice(priceOf(plan('enterprise'), 'monthly', 'ko'), 'ko')).toBe('₩132,000');
    expect(formatPrice(priceOf(plan('enterprise'), 'yearly', 'ko'), 'ko')).toBe('₩1,100,000');
  });

  it('makes yearly billing cheaper than twelve months, by at least the advertised saving', () => {
    for (const p of PLANS.filter((p) => p.id !== 'free')) {
      for (const currency of ['USD', 'KRW'] as const) {
        const twelveMonths = p.prices[currency].monthly * 12;
        expect(p.prices[currency].yearly).toBeLessThanOrEqual(
          twelveMonths * (1 - YEARLY_SAVING_PERCENT / 100),
        );
      }
    }
  });

  it('gives the Free plan a 14-day trial, SLAs to Pro and Enterprise, and growing trainer limits', () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(plan('free').trialDays).toBe(14);
    expect(plan('free').prices.KRW).toEqual({ monthly: 0, yearly: 0 });
    expect(plan('free').slaPercent).toBeNull();
    expect(plan('pro').slaPercent).toBe(99.9);
    expect(plan('enterprise').slaPercent).toBe(99.99);
    expect(plan('free').trainerLimit).toBe(2);
    expect(plan('pro').trainerLimit).toBe(20);
    expect(plan('enterprise').trainerLimit).toBeNull();
  });
});
