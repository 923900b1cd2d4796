import { describe, expect, it } from 'vitest';
import {
  collectRefusal,
  correctionRefusal,
  isOldBalance,
  ledgerRange,
  maxCorrection,
  saleDiscount,
  writeOffRefusal,
} from './ledger.ts';

// The ledger's rules (docs/rules.md#money): the default range, and what may be collected, written off or
// corrected on a sale, which the screens preview and the server applies.

const owing = { price: 600_000, adjusted: 50_000, paid: 400_000, closed: false };

describe('ledgerRange', () => {
  it('defaults to this month so far, and from the first of `to`’s month', () => {
    expect(ledgerRange({}, '2026-03-10')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(ledgerRange({ to: '2026-02-14' }, '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-14' });
    expect(ledgerRange({ from: '2026-01-05' }, '2026-03-10')).toEqual({
      from: '2026-01-05',
      to: '2026-03-10',
    });
  });

  it('allows up to 366 days, never backwards', () => {
    expect(ledgerRange({ from: '2025-03-10', to: '2026-03-10' }, '2026-03-10')).not.toBeNull();
    expect(ledgerRange({ from: '2025-03-09', to: '2026-03-10' }, '2026-03-10')).toBeNull();
    expect(ledgerRange({ from: '2026-03-11', to: '2026-03-10' }, '2026-03-10')).toBeNull();
    expect(ledgerRange({ from: '2026-03-10', to: '2026-03-10' }, '2026-03-10')).not.toBeNull();
  });
});

describe('collecting, writing off, correcting', () => {
  it('collects at most what is owed, nothing from a sale that owes nothing or a refunded pass', () => {
    expect(collectRefusal(owing, [{ method: 'CARD', amount: 150_000 }])).toBeNull();
    expect(
      collectRefusal(owing, [
        { method: 'CARD', amount: 100_000 },
        { method: 'CASH', amount: 50_001 },
      ]),
    ).toBe('paymentsAboveOwed');
    expect(collectRefusal({ ...owing, paid: 550_000 }, [{ method: 'CASH', amount: 1 }])).toBe('nothingOwed');
    expect(collectRefusal({ ...owing, closed: true }, [{ method: 'CASH', amount: 1 }])).toBe('passRefunded');
  });

  it('writes off only a balance', () => {
    expect(writeOffRefusal(owing)).toBeNull();
    expect(writeOffRefusal({ ...owing, adjusted: 200_000 })).toBe('nothingOwed');
    expect(writeOffRefusal({ ...owing, closed: true })).toBe('passRefunded');
  });

  it('corrects down to what was paid, never below', () => {
    expect(maxCorrection(owing)).toBe(150_000);
    expect(correctionRefusal(owing, 150_000)).toBeNull();
    expect(correctionRefusal(owing, 150_001)).toBe('correctionBelowPaid');
    expect(correctionRefusal({ ...owing, closed: true }, 1)).toBe('passRefunded');
    expect(maxCorrection({ ...owing, closed: true })).toBe(0);
  });

  it('reads the discount and the age of a balance', () => {
    expect(saleDiscount({ listPrice: 600_000, price: 550_000 })).toBe(50_000);
    expect(saleDiscount({ listPrice: 0, price: 10 })).toBe(0);
    expect(isOldBalance(30)).toBe(false);
    expect(isOldBalance(31)).toBe(true);
  });
});
