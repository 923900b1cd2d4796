import { appendFileSync } from 'node:fs';

/**
 * How a message leaves the system (docs/architecture.md#outbox). A real SMS or KakaoTalk provider implements this
 * and is passed to buildApp; without one the test-mode provider is used, which records and delivers nothing.
 */
export type OutboundMessage = {
  id: number;
  topic: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempt: number;
};

export type DeliveryReceipt = {
  /** Who delivered it, as stored on the row (`test-mode` for the default). */
  deliveredBy: string;
};

export interface MessageProvider {
  readonly name: string;
  /** True when nothing really leaves: the UI says "test mode". */
  readonly testMode: boolean;
  /** Resolves when the message is handed over; a rejection is a failed attempt (retried with backoff). */
  deliver(message: OutboundMessage): Promise<DeliveryReceipt>;
}

/**
 * One line of the delivery record (`OUTBOX_TEST_LOG`): what the several-process proofs count, and the text as it was
 * delivered (its code and absolute link in place), which tests read.
 */
export type TestDeliveryRecord = { id: number; topic: string; pid: number; at: string; text?: unknown };

/**
 * The default: records the delivery (the row's `delivered_by` says `test-mode`) and sends nothing anywhere.
 * `log` receives the id and topic only: a payload holds a phone number and, for a reset, a code
 * (docs/operations.md#logs). `delivered` keeps the latest 100 messages as delivered, in memory: the operator's
 * "as sent" view reads them in test mode (docs/architecture.md#outbox). With `recordFile`, each delivery also appends
 * one JSON line to that file (docs/operations.md#proofs): one small append per line, so several processes can share
 * the file; a test-only file, it holds the delivered text.
 */
export const createTestModeProvider = (
  log: (message: { id: number; topic: string }) => void = () => {},
  options: { recordFile?: string } = {},
): MessageProvider & { readonly delivered: OutboundMessage[] } => {
  const delivered: OutboundMessage[] = [];
  return {
    name: 'test-mode',
    testMode: true,
    delivered,
    deliver: async (message) => {
      // Bounded: a long-running process keeps only the latest deliveries in memory.
      if (delivered.length >= 100) delivered.shift();
      delivered.push(message);
      if (options.recordFile) {
        const record: TestDeliveryRecord = {
          id: message.id,
          topic: message.topic,
          pid: process.pid,
          at: new Date().toISOString(),
          ...(message.payload.text !== undefined ? { text: message.payload.text } : {}),
        };
        appendFileSync(options.recordFile, `${JSON.stringify(record)}\n`, { flag: 'a' });
      }
      log({ id: message.id, topic: message.topic });
      return { deliveredBy: 'test-mode' };
    },
  };
};
