import type { Config } from './config.ts';
import type { Db, DbKind } from './db/client.ts';
import { createRightsLoader } from './http/rights.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createMemberRepository } from './modules/member/member.repository.ts';
import {
  createTestModePaymentProvider,
  type PaymentProvider,
} from './modules/pay-request/payment-provider.ts';
import { createTestModeReceiptProvider, type ReceiptProvider } from './modules/receipt/receipt-provider.ts';
import { createRevenueMemory, type RevenueMemory } from './modules/report/revenue-memory.ts';

/** What route modules share: the database, settings, the clock and the repositories over them. */
export const createContext = (deps: {
  db: Db;
  dbKind: DbKind;
  config: Config;
  clock: () => Date;
  /** Cash receipts and tax invoices (docs/rules.md#cash-receipts); the test mode when none is given. */
  receiptProvider?: ReceiptProvider | undefined;
  /** Card payments on the payment-request page (docs/rules.md#payment-requests); the test mode when none is given. */
  paymentProvider?: PaymentProvider | undefined;
  /** The revenue reports' remembered answers (docs/rules.md#revenue-recognition); a new one when none is given. */
  revenueMemory?: RevenueMemory | undefined;
}) => ({
  ...deps,
  receiptProvider: deps.receiptProvider ?? createTestModeReceiptProvider(),
  paymentProvider: deps.paymentProvider ?? createTestModePaymentProvider(),
  revenueMemory: deps.revenueMemory ?? createRevenueMemory(),
  members: createMemberRepository(deps.db),
  sessions: createSessionRepository(deps.db, deps.config.session, deps.clock),
  loginThrottle: createLoginThrottle(deps.db, deps.clock),
  loadRights: createRightsLoader(deps.db),
});

export type AppContext = ReturnType<typeof createContext>;
