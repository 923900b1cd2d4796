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

/** The default: records the delivery (the row's `delivered_by` says `test-mode`) and sends nothing anywhere. */
export const createTestModeProvider = (
  log: (message: OutboundMessage) => void = () => {},
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
      log(message);
      return { deliveredBy: 'test-mode' };
    },
  };
};
