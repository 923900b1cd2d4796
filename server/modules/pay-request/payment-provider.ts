import { randomBytes } from 'node:crypto';

/**
 * How a card payment of a payment request is taken (docs/rules.md#payment-requests). A real provider (a PG
 * service) implements this and is passed to the pay-request routes; without one the test-mode provider is used,
 * which approves every charge and moves no money. The customer's page says "test mode" while `testMode` is true.
 */
export type CardCharge = {
  gymId: number;
  payRequestId: number;
  saleId: number;
  amount: number;
  /** The transfer-style reference of the request (`FD-<id>`), for the provider's records. */
  reference: string;
  at: Date;
};

export type CardChargeResult =
  | { approved: true; provider: string; approvalNumber: string }
  | { approved: false; provider: string; reason: string };

export interface PaymentProvider {
  readonly name: string;
  /** True when no real money moves: the page labels the card flow TEST MODE. */
  readonly testMode: boolean;
  /** Takes the card payment; a refusal (`approved: false`) writes nothing. */
  charge(charge: CardCharge): Promise<CardChargeResult>;
}

/** The default: approves, records the charge in memory (the latest 100), and says it is the test mode. */
export const createTestModePaymentProvider = (): PaymentProvider & { readonly charges: CardCharge[] } => {
  const charges: CardCharge[] = [];
  return {
    name: 'test-mode',
    testMode: true,
    charges,
    charge: async (charge) => {
      if (charges.length >= 100) charges.shift();
      charges.push(charge);
      return {
        approved: true,
        provider: 'test-mode',
        approvalNumber: `TEST-${randomBytes(6).toString('hex').toUpperCase()}`,
      };
    },
  };
};
