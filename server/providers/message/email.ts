import nodemailer from 'nodemailer';
import {
  createIdempotencyGuard,
  type GroupMessageProvider,
  reasonOf,
  type SendOutcome,
} from './group-message.ts';

// Email through nodemailer over `SMTP_URL` (smtp://user:pass@host:587, smtps://… for TLS from the start;
// docs/operations.md#messaging-providers). Plain text with a subject. Each email carries a Message-ID made from the
// outbox id, so a second copy (another process, a retry after a crash) can be told apart by the receiving side;
// within one process the guard sends each key once. SMTP has no delivery report: there is no `reports`.

/** Connection and timeout errors, and 4xx answers, are worth another try; 5xx answers and bad addresses are not. */
export const smtpFailure = (error: unknown): Extract<SendOutcome, { status: 'FAILED' }> => {
  const e: { code?: unknown; responseCode?: unknown } =
    typeof error === 'object' && error !== null ? error : {};
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const reason = `smtp ${responseCode ?? code ?? 'error'}: ${reasonOf(error)}`;
  if (responseCode !== undefined) return { status: 'FAILED', reason, retryable: responseCode < 500 };
  const final = code === 'EENVELOPE' || code === 'EMESSAGE' || code === 'EAUTH';
  return { status: 'FAILED', reason, retryable: !final };
};

/** A Message-ID from the outbox id and the sender's domain: `<fitdesk-outbox-42@gym.example.com>`. */
export const messageIdFor = (key: string, from: string): string => {
  const domain = from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? 'fitdesk.invalid';
  return `<fitdesk-outbox-${key.replace(/[^A-Za-z0-9._-]/g, '_')}@${domain}>`;
};

export const createEmailProvider = (options: {
  smtpUrl: string;
}): GroupMessageProvider & { close(): void } => {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const once = createIdempotencyGuard();
  return {
    name: 'smtp',
    testMode: false,
    testModeFor: (kind) => kind !== 'EMAIL',
    send: (message) =>
      once(message.idempotencyKey, async (): Promise<SendOutcome> => {
        if (message.kind !== 'EMAIL') {
          return { status: 'FAILED', reason: 'smtp sends email only', retryable: false };
        }
        try {
          const info = await transport.sendMail({
            from: message.from,
            to: message.to,
            subject: message.subject ?? '',
            text: message.text,
            messageId: messageIdFor(message.idempotencyKey, message.from),
          });
          if (info.rejected.length > 0) {
            return {
              status: 'FAILED',
              reason: `smtp refused the recipient: ${info.response}`,
              retryable: false,
            };
          }
          return { status: 'SENT', providerMessageId: info.messageId };
        } catch (error) {
          return smtpFailure(error);
        }
      }),
    close: () => transport.close(),
  };
};
