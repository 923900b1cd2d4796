// The port for messages to one customer each (group sends, notices, reminders): SMS, LMS, MMS, 알림톡 and email
// (docs/operations.md#messaging-providers). It sits beside the outbox's `MessageProvider`
// (server/modules/outbox/message-provider.ts), which hands a whole outbox row over: this one says what leaves, to
// whom, as what kind, and answers with an outcome instead of a rejection, so the caller can tell a retry from a
// final refusal. The outbox's provider is built on top of it where the two meet; this folder knows nothing of the
// outbox.

export type MessageKind = 'SMS' | 'LMS' | 'MMS' | 'ALIMTALK' | 'EMAIL';

export type GroupMessage = {
  /** The outbox id: the same key is sent at most once (per process, for the real providers). */
  idempotencyKey: string;
  kind: MessageKind;
  /** A phone number (digits, separators allowed) or an email address. */
  to: string;
  /** An approved sender number (발신번호 사전등록), or the email's From. */
  from: string;
  /** LMS, MMS and email. */
  subject?: string;
  text: string;
  /** MMS: a JPG of at most 300 KB (docs/DOMAIN: Messaging). */
  imageJpeg?: Uint8Array;
  /** 알림톡: the channel (pfId), the reviewed template, and what to send instead when it fails. */
  kakao?: {
    profileKey: string;
    templateCode: string;
    fallback?: { kind: 'SMS' | 'LMS'; text: string };
  };
};

export type SendOutcome =
  | { status: 'SENT'; providerMessageId: string; fellBack?: boolean }
  | { status: 'FAILED'; reason: string; retryable: boolean };

export type DeliveryReport = {
  providerMessageId: string;
  status: 'DELIVERED' | 'FAILED';
  reason?: string;
  /** ISO 8601. */
  at: string;
  /** An 알림톡 that reached the customer as its SMS/LMS fallback. */
  fellBack?: boolean;
};

export interface GroupMessageProvider {
  /** `test-mode` for the default; `solapi`, `smtp`, or a combination (`solapi+smtp`). */
  readonly name: string;
  /** True when nothing really leaves: every screen says "테스트 모드". */
  readonly testMode: boolean;
  /** Never rejects: a failure is an outcome, retryable or not. */
  send(message: GroupMessage): Promise<SendOutcome>;
  /**
   * Optional: many messages in one go (a group in one request), one outcome each, in the order given, with the
   * same idempotency as `send`. Without it a caller sends them one by one (message.dispatch.ts, a few at a time).
   */
  sendMany?(messages: GroupMessage[]): Promise<SendOutcome[]>;
  /** Polling: the delivery states of earlier sends (the ids it does not know, or still pending, are left out). */
  reports?(ids: string[]): Promise<DeliveryReport[]>;
  /** Whether this kind of message would only be recorded (a combination may be real for SMS and not for email). */
  testModeFor?(kind: MessageKind): boolean;
}

/**
 * Sends each idempotency key once: a second send of the same key (at the same time or later) gets the first
 * outcome, as long as that outcome was a success or a final refusal. A retryable failure is forgotten, so the next
 * attempt really tries again. Bounded: the oldest keys are forgotten past `limit`.
 */
export const createIdempotencyGuard = (limit = 10_000) => {
  const outcomes = new Map<string, Promise<SendOutcome>>();
  return (key: string, send: () => Promise<SendOutcome>): Promise<SendOutcome> => {
    const known = outcomes.get(key);
    if (known) return known;
    const outcome = send().catch(
      (error: unknown): SendOutcome => ({ status: 'FAILED', reason: reasonOf(error), retryable: true }),
    );
    outcomes.set(key, outcome);
    if (outcomes.size > limit) {
      const oldest = outcomes.keys().next();
      if (!oldest.done) outcomes.delete(oldest.value);
    }
    void outcome.then((result) => {
      if (result.status === 'FAILED' && result.retryable && outcomes.get(key) === outcome)
        outcomes.delete(key);
    });
    return outcome;
  };
};

/** An error's text, for a FAILED outcome (never the message's content). */
export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export type TestDelivery = { message: GroupMessage; outcome: SendOutcome; at: string };

/**
 * The default: records (the latest 100, in memory), delivers nothing, and answers SENT with `test-<key>`.
 * `failWhen` makes some messages fail, for demos and tests (e.g. phones ending in 9): it returns the reason, or
 * undefined to send. An 알림톡 that fails with a fallback is "sent" as its fallback (`fellBack`), unless the
 * fallback fails too. `retryable` says how a simulated failure is classed (default false).
 */
export const createTestGroupProvider = (
  options: {
    failWhen?: (message: GroupMessage) => string | undefined;
    retryable?: boolean;
    clock?: () => Date;
  } = {},
): GroupMessageProvider & { readonly delivered: TestDelivery[] } => {
  const { failWhen = () => undefined, retryable = false, clock = () => new Date() } = options;
  const delivered: TestDelivery[] = [];
  const once = createIdempotencyGuard();
  const record = (message: GroupMessage, outcome: SendOutcome) => {
    if (delivered.length >= 100) delivered.shift();
    delivered.push({ message, outcome, at: clock().toISOString() });
    return outcome;
  };

  const attempt = (message: GroupMessage): SendOutcome => {
    const id = `test-${message.idempotencyKey}`;
    const reason = failWhen(message);
    if (reason === undefined) return { status: 'SENT', providerMessageId: id };
    const fallback = message.kind === 'ALIMTALK' ? message.kakao?.fallback : undefined;
    if (fallback) {
      const instead: GroupMessage = {
        ...message,
        kind: fallback.kind,
        text: fallback.text,
        kakao: undefined,
      };
      const fallbackReason = failWhen(instead);
      if (fallbackReason === undefined) return { status: 'SENT', providerMessageId: id, fellBack: true };
      return { status: 'FAILED', reason: `${reason}; fallback: ${fallbackReason}`, retryable };
    }
    return { status: 'FAILED', reason, retryable };
  };

  return {
    name: 'test-mode',
    testMode: true,
    delivered,
    testModeFor: () => true,
    send: (message) => once(message.idempotencyKey, async () => record(message, attempt(message))),
    sendMany: (messages) =>
      Promise.all(
        messages.map((message) =>
          once(message.idempotencyKey, async () => record(message, attempt(message))),
        ),
      ),
    reports: async (ids) => {
      const wanted = new Set(ids);
      return delivered.flatMap(({ outcome, at }): DeliveryReport[] =>
        outcome.status === 'SENT' && wanted.has(outcome.providerMessageId)
          ? [
              {
                providerMessageId: outcome.providerMessageId,
                status: 'DELIVERED',
                at,
                ...(outcome.fellBack ? { fellBack: true } : {}),
              },
            ]
          : [],
      );
    },
  };
};
