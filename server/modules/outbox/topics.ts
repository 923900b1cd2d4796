import { deliverNotice, NOTICE_TOPIC } from '../notification/notification.commands.ts';
import type { OutboxHandler } from './dispatcher.ts';

/** Topics delivered inside the process; every other topic goes to the MessageProvider. */
export const outboxHandlers: Record<string, OutboxHandler> = {
  [NOTICE_TOPIC]: deliverNotice,
};
