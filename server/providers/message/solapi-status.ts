import type { DeliveryReport } from './group-message.ts';

// SOLAPI's delivery states, read the same way from its message list (polling) and from a report pushed to our
// webhook (webhook.ts). No SDK here: the webhook's helpers stay light.

/** The fields of a SOLAPI message that say where it is (the list's `StoredMessage`, a pushed report). */
export type SolapiMessageState = {
  messageId?: string | null;
  statusCode?: string | null;
  reason?: string | null;
  replacement?: boolean | null;
  dateReceived?: string | null;
  dateReported?: string | null;
  dateUpdated?: string | null;
};

/** 2000 accepted, 3000 handed to the carrier: both still on the way. */
const PENDING_CODES = new Set(['2000', '3000']);

/** 4000 received; any other final code a failure. Pending (or unreadable) states give no report. */
export const solapiReport = (message: SolapiMessageState, fallbackAt: string): DeliveryReport | undefined => {
  const { messageId, statusCode } = message;
  if (!messageId || !statusCode || PENDING_CODES.has(statusCode)) return undefined;
  const when = message.dateReceived ?? message.dateReported ?? message.dateUpdated;
  const parsed = when ? Date.parse(when) : Number.NaN;
  const at = Number.isNaN(parsed) ? fallbackAt : new Date(parsed).toISOString();
  const fellBack = message.replacement === true ? { fellBack: true } : {};
  if (statusCode === '4000') return { providerMessageId: messageId, status: 'DELIVERED', at, ...fellBack };
  return {
    providerMessageId: messageId,
    status: 'FAILED',
    reason: `solapi ${statusCode}${message.reason ? `: ${message.reason}` : ''}`,
    at,
    ...fellBack,
  };
};
